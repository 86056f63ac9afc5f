import { act, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { LANGUAGES, i18n, initI18n, lmsStore, userAtom, type SessionUser } from '@lms/shared';
import App from './App';
import en from './locales/en/journal.json';
import kg from './locales/kg/journal.json';
import ru from './locales/ru/journal.json';

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

describe('journal namespace', () => {
  it('is registered in all three languages with the same keys', () => {
    for (const lng of LANGUAGES) expect(i18n.hasResourceBundle(lng, 'journal')).toBe(true);
    const keys = (resources: object) => Object.keys(resources).sort();
    expect(keys(kg)).toEqual(keys(ru));
    expect(keys(en)).toEqual(keys(ru));
    for (const resources of [kg, ru, en]) {
      for (const text of Object.values(resources)) expect(text).not.toBe('');
    }
  });
});

describe('journal remote', () => {
  it('renders the journal page with the session user and its remote marker', async () => {
    renderAt('/lms/journal');
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
