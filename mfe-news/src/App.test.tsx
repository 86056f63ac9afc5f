import { act, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { http, LANGUAGES, i18n, initI18n, lmsStore, userAtom, type SessionUser } from '@lms/shared';
import { envelope, stubNetwork, type StubbedNetwork } from '../../shared/src/test/axiosAdapter';
import App from './App';
import Feed from './Feed';
import en from './locales/en/news.json';
import kg from './locales/kg/news.json';
import ru from './locales/ru/news.json';

const student: SessionUser = {
  id: 12,
  uid: 40,
  role: 2,
  fullName: 'Асанова Айгерим Бакытовна',
  newsPerms: false,
};

let network: StubbedNetwork;

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
  network = stubNetwork(http, () => ({
    status: 200,
    data: envelope({ items: [], page: 1, pageSize: 10, hasMore: false }),
  }));
  await act(() => i18n.changeLanguage('ru'));
});

afterEach(() => {
  network.restore();
  lmsStore.set(userAtom, null);
});

describe('news namespace', () => {
  it('is registered in all three languages with the same keys', () => {
    for (const lng of LANGUAGES) expect(i18n.hasResourceBundle(lng, 'news')).toBe(true);
    const keys = (resources: object) => Object.keys(resources).sort();
    expect(keys(kg)).toEqual(keys(ru));
    expect(keys(en)).toEqual(keys(ru));
    for (const resources of [kg, ru, en]) {
      for (const text of Object.values(resources)) expect(text).not.toBe('');
    }
  });
});

describe('news remote', () => {
  it('renders the news page with its remote marker and version label', async () => {
    renderAt('/lms/news');
    const section = screen.getByRole('region', { name: 'Новости' });
    expect(section).toHaveAttribute('data-remote', 'news');
    expect(section).toHaveAttribute('data-remote-version', 'test');
    expect(screen.getByText('Версия test')).toBeInTheDocument();
    expect(await screen.findByText('Новостей пока нет')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByRole('heading', { name: 'Жаңылыктар' })).toBeInTheDocument();
    expect(screen.getByText('Азырынча жаңылыктар жок')).toBeInTheDocument();
  });

  it('renders the home feed pane', async () => {
    renderAt('/lms', <Feed />);
    const pane = screen.getByRole('region', { name: 'Лента новостей' });
    expect(pane).toHaveAttribute('data-remote', 'news');
    expect(await screen.findByText('Новостей пока нет')).toBeInTheDocument();
  });
});
