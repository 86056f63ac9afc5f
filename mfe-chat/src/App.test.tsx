import { act, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { LANGUAGES, i18n, initI18n, lmsStore, userAtom, type SessionUser } from '@lms/shared';
import App from './App';
import ContactList from './ContactList';
import DisciplineList from './DisciplineList';
import en from './locales/en/chat.json';
import kg from './locales/kg/chat.json';
import ru from './locales/ru/chat.json';

const student: SessionUser = {
  id: 12,
  uid: 40,
  role: 2,
  fullName: 'Асанова Айгерим Бакытовна',
  newsPerms: false,
};

function renderAt(path: string, ui: ReactNode = <App />) {
  return render(
    <Provider store={lmsStore}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Provider>,
  );
}

beforeAll(async () => {
  await initI18n();
});

beforeEach(async () => {
  lmsStore.set(userAtom, student);
  await act(() => i18n.changeLanguage('ru'));
});

afterEach(() => {
  lmsStore.set(userAtom, null);
});

describe('chat namespace', () => {
  it('is registered in all three languages with the same keys', () => {
    for (const lng of LANGUAGES) expect(i18n.hasResourceBundle(lng, 'chat')).toBe(true);
    const keys = (resources: object) => Object.keys(resources).sort();
    expect(keys(kg)).toEqual(keys(ru));
    expect(keys(en)).toEqual(keys(ru));
    for (const resources of [kg, ru, en]) {
      for (const text of Object.values(resources)) expect(text).not.toBe('');
    }
  });
});

describe('chat remote', () => {
  it('renders the chat page with the session user and its remote marker', async () => {
    renderAt('/lms/chat');
    const section = screen.getByRole('region', { name: 'Чат' });
    expect(section).toHaveAttribute('data-remote', 'chat');
    expect(section).toHaveAttribute('data-remote-version', 'test');
    expect(screen.getByText('Раздел в разработке')).toBeInTheDocument();
    expect(screen.getByText('Вы вошли как Асанова Айгерим Бакытовна.')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText('This section is being built')).toBeInTheDocument();
    expect(screen.getByText('Signed in as Асанова Айгерим Бакытовна.')).toBeInTheDocument();
  });

  it('renders the discipline and contact panes of the shell grid', () => {
    renderAt(
      '/lms',
      <>
        <DisciplineList />
        <ContactList />
      </>,
    );
    expect(screen.getByRole('region', { name: 'Дисциплины' })).toHaveAttribute(
      'data-remote',
      'chat',
    );
    expect(screen.getByRole('region', { name: 'Контакты' })).toHaveAttribute('data-remote', 'chat');
  });
});
