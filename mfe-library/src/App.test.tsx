import { act, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { LANGUAGES, i18n, initI18n, lmsStore, userAtom, type SessionUser } from '@lms/shared';
import App from './App';
import { areaFromPath } from './areas';
import en from './locales/en/library.json';
import kg from './locales/kg/library.json';
import ru from './locales/ru/library.json';

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

describe('library namespace', () => {
  it('is registered in all three languages with the same keys', () => {
    for (const lng of LANGUAGES) expect(i18n.hasResourceBundle(lng, 'library')).toBe(true);
    const keys = (resources: object) => Object.keys(resources).sort();
    expect(keys(kg)).toEqual(keys(ru));
    expect(keys(en)).toEqual(keys(ru));
    for (const resources of [kg, ru, en]) {
      for (const text of Object.values(resources)) expect(text).not.toBe('');
    }
  });
});

describe('library remote', () => {
  it.each([
    ['/lms/umk', 'Учебно-методические материалы'],
    ['/lms/library', 'Электронная библиотека'],
    ['/lms/library/42', 'Электронная библиотека'],
  ])('at %s shows the %s area', (path, title) => {
    renderAt(path);
    const section = screen.getByRole('region', { name: title });
    expect(section).toHaveAttribute('data-remote', 'library');
    expect(section).toHaveAttribute('data-remote-version', 'test');
    expect(screen.getByText('Раздел в разработке')).toBeInTheDocument();
    expect(screen.getByText('Вы вошли как Асанова Айгерим Бакытовна.')).toBeInTheDocument();
  });

  it('translates the area page', async () => {
    renderAt('/lms/library');
    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByRole('heading', { name: 'Электрондук китепкана' })).toBeInTheDocument();
  });

  it('maps paths to areas, the first area by default', () => {
    expect(areaFromPath('/lms/umk')).toBe('umk');
    expect(areaFromPath('/lms/library')).toBe('library');
    expect(areaFromPath('/')).toBe('umk');
  });
});
