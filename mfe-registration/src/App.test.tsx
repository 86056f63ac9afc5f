import { act, screen } from '@testing-library/react';
import { i18n } from '@lms/shared';
import { describeNamespace, renderInPortal, signInForEachTest } from '@lms/shared/testing';
import App from './App';
import en from './locales/en/registration.json';
import kg from './locales/kg/registration.json';
import ru from './locales/ru/registration.json';

signInForEachTest();

describeNamespace('registration', { kg, ru, en });

describe('registration remote', () => {
  it('renders the registration page with the session user and its remote marker', async () => {
    renderInPortal(<App />, '/lms/registration');
    const section = screen.getByRole('region', { name: 'Регистрация на дисциплины' });
    expect(section).toHaveAttribute('data-remote', 'registration');
    expect(section).toHaveAttribute('data-remote-version', 'test');
    expect(screen.getByText('Раздел в разработке')).toBeInTheDocument();
    expect(screen.getByText('Вы вошли как Асанова Айгерим Бакытовна.')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading', { name: 'Discipline registration' })).toBeInTheDocument();
  });
});
