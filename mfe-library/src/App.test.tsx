import { act, screen } from '@testing-library/react';
import { i18n } from '@lms/shared';
import { describeNamespace, renderInPortal, signInForEachTest } from '@lms/shared/testing';
import App from './App';
import { areaFromPath } from './areas';
import en from './locales/en/library.json';
import kg from './locales/kg/library.json';
import ru from './locales/ru/library.json';

signInForEachTest();

describeNamespace('library', { kg, ru, en });

describe('library remote', () => {
  it.each([
    ['/lms/umk', 'Учебно-методические материалы'],
    ['/lms/library', 'Электронная библиотека'],
    ['/lms/library/42', 'Электронная библиотека'],
  ])('at %s shows the %s area', (path, title) => {
    renderInPortal(<App />, path);
    const section = screen.getByRole('region', { name: title });
    expect(section).toHaveAttribute('data-remote', 'library');
    expect(section).toHaveAttribute('data-remote-version', 'test');
    expect(screen.getByText('Раздел в разработке')).toBeInTheDocument();
    expect(screen.getByText('Вы вошли как Асанова Айгерим Бакытовна.')).toBeInTheDocument();
  });

  it('translates the area page', async () => {
    renderInPortal(<App />, '/lms/library');
    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByRole('heading', { name: 'Электрондук китепкана' })).toBeInTheDocument();
  });

  it('maps paths to areas, the first area by default', () => {
    expect(areaFromPath('/lms/umk')).toBe('umk');
    expect(areaFromPath('/lms/library')).toBe('library');
    expect(areaFromPath('/')).toBe('umk');
  });
});
