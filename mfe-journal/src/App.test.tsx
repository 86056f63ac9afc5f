import { act, screen } from '@testing-library/react';
import { i18n } from '@lms/shared';
import { describeNamespace, renderInPortal, signInForEachTest } from '@lms/shared/testing';
import App from './App';
import en from './locales/en/journal.json';
import kg from './locales/kg/journal.json';
import ru from './locales/ru/journal.json';

signInForEachTest();

describeNamespace('journal', { kg, ru, en });

describe('journal remote', () => {
  it('renders the journal page with the session user and its remote marker', async () => {
    renderInPortal(<App />, '/lms/journal');
    const section = screen.getByRole('region', { name: 'Журнал занятий' });
    expect(section).toHaveAttribute('data-remote', 'journal');
    expect(section).toHaveAttribute('data-remote-version', 'test');
    expect(screen.getByText('Раздел в разработке')).toBeInTheDocument();
    expect(screen.getByText('Вы вошли как Асанова Айгерим Бакытовна.')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByRole('heading', { name: 'Сабактардын журналы' })).toBeInTheDocument();
    expect(screen.getByText('Бөлүм иштелип жатат')).toBeInTheDocument();
  });
});
