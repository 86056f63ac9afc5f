import { act, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { LANGUAGES, i18n, initI18n, lmsStore, userAtom, type SessionUser } from '@lms/shared';
import App from './App';
import en from './locales/en/registration.json';
import kg from './locales/kg/registration.json';
import ru from './locales/ru/registration.json';

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

describe('registration namespace', () => {
  it('is registered in all three languages with the same keys', () => {
    for (const lng of LANGUAGES) expect(i18n.hasResourceBundle(lng, 'registration')).toBe(true);
    const keys = (resources: object) => Object.keys(resources).sort();
    expect(keys(kg)).toEqual(keys(ru));
    expect(keys(en)).toEqual(keys(ru));
    for (const resources of [kg, ru, en]) {
      for (const text of Object.values(resources)) expect(text).not.toBe('');
    }
  });
});

describe('registration remote', () => {
  it('renders the registration page with the session user and its remote marker', async () => {
    renderAt('/lms/registration');
    const section = screen.getByRole('region', { name: 'Регистрация на дисциплины' });
    expect(section).toHaveAttribute('data-remote', 'registration');
    expect(section).toHaveAttribute('data-remote-version', 'test');
    expect(screen.getByText('Раздел в разработке')).toBeInTheDocument();
    expect(screen.getByText('Вы вошли как Асанова Айгерим Бакытовна.')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading', { name: 'Discipline registration' })).toBeInTheDocument();
  });
});
