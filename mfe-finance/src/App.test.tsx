import { act, screen } from '@testing-library/react';
import { i18n } from '@lms/shared';
import { describeNamespace, renderInPortal, signInForEachTest } from '@lms/shared/testing';
import App from './App';
import { areaFromPath } from './areas';
import en from './locales/en/finance.json';
import kg from './locales/kg/finance.json';
import ru from './locales/ru/finance.json';

signInForEachTest();

describeNamespace('finance', { kg, ru, en });

describe('finance remote', () => {
  it.each([
    ['/lms/paymentcode', 'Код оплаты'],
    ['/lms/singlewindow', 'Единое окно'],
    ['/lms/transcript', 'Транскрипт'],
    ['/lms/transcript/2025', 'Транскрипт'],
  ])('at %s shows the %s area', (path, title) => {
    renderInPortal(<App />, path);
    const section = screen.getByRole('region', { name: title });
    expect(section).toHaveAttribute('data-remote', 'finance');
    expect(section).toHaveAttribute('data-remote-version', 'test');
    expect(screen.getByText('Раздел в разработке')).toBeInTheDocument();
    expect(screen.getByText('Вы вошли как Асанова Айгерим Бакытовна.')).toBeInTheDocument();
  });

  it('translates the area page', async () => {
    renderInPortal(<App />, '/lms/singlewindow');
    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByRole('heading', { name: 'Бирдиктүү терезе' })).toBeInTheDocument();
  });

  it('maps paths to areas, the first area by default', () => {
    expect(areaFromPath('/lms/singlewindow')).toBe('singlewindow');
    expect(areaFromPath('/lms/transcript')).toBe('transcript');
    expect(areaFromPath('/')).toBe('paymentcode');
  });
});
