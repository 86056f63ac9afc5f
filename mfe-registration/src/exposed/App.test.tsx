import { act, screen } from '@testing-library/react';
import { i18n } from '@lms/shared';
import { expectSectionInProgress, renderInPortal, signInForEachTest } from '@lms/shared/testing';
import App from './App';

signInForEachTest();

describe('registration remote', () => {
  it('shows its page, translated', async () => {
    renderInPortal(<App />, '/lms/registration');
    expectSectionInProgress('Регистрация на дисциплины', 'registration');
    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByRole('heading', { name: 'Дисциплиналарга катталуу' })).toBeInTheDocument();
  });
});
