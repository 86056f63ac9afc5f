import { act, screen } from '@testing-library/react';
import { i18n } from '@lms/shared';
import { expectSectionInProgress, renderInPortal, signInForEachTest } from '@lms/shared/testing';
import App from './App';

signInForEachTest();

describe('finance remote', () => {
  it.each([
    ['/lms/paymentcode', 'Код оплаты'],
    ['/lms/singlewindow', 'Единое окно'],
    ['/lms/transcript', 'Транскрипт'],
    ['/lms/transcript/2', 'Транскрипт'],
  ])('at %s shows the %s area', (path, title) => {
    renderInPortal(<App />, path);
    expectSectionInProgress(title, 'finance');
  });

  it('names the area in the interface language', async () => {
    renderInPortal(<App />, '/lms/transcript');
    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByRole('heading', { name: 'Транскрипт' })).toBeInTheDocument();
  });
});
