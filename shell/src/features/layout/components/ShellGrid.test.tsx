import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { lmsStore, pageWidthAtom } from '@lms/shared';
import { mockViewport, setUpI18n } from '../../../test/environment';
import { activeTabAtom, DEFAULT_TAB } from '../tabs';
import { ShellGrid } from './ShellGrid';

beforeAll(setUpI18n);
beforeEach(() => lmsStore.set(activeTabAtom, DEFAULT_TAB));

const TABS = {
  content: 'Новости',
  contentPath: '/lms/news',
  side: { label: 'Сообщения', path: '/lms/chat' },
};

function grid(
  path: string,
  tabs: typeof TABS | object,
  apps: ReactNode = <p>Плитки приложений</p>,
) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <ShellGrid
        menu={<p>Меню</p>}
        profile={<p>Панель профиля</p>}
        disciplines={<p>Список дисциплин</p>}
        contacts={<p>Список контактов</p>}
        content={<p>Лента новостей</p>}
        apps={apps}
        tabs={tabs}
      />
      <Path />
    </MemoryRouter>
  );
}

function renderGrid(path = '/lms', tabs: typeof TABS | object = TABS) {
  return render(grid(path, tabs));
}

const PANE_TEXTS = [
  'Панель профиля',
  'Список дисциплин',
  'Список контактов',
  'Лента новостей',
  'Плитки приложений',
];

function Made({ onMade }: { onMade: () => void }) {
  onMade();
  return <p>Плитки приложений</p>;
}

function Path() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

const selectedTab = () =>
  screen
    .queryAllByRole('tab')
    .find((tab) => tab.getAttribute('aria-selected') === 'true')
    ?.textContent?.trim() ?? null;

const shown = () =>
  PANE_TEXTS.filter((text) => {
    const element = screen.queryByText(text);
    return element !== null && element.closest('[hidden]') === null;
  });

describe('shell layout', () => {
  it('shows every pane and no tabs from 900 px up', () => {
    mockViewport(900);
    renderGrid();
    expect(shown()).toEqual(PANE_TEXTS);
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('below 899.92 px shows the applications tab (3) by default', () => {
    mockViewport(899);
    renderGrid();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Новости', 'Сообщения', 'Приложения']);
    expect(screen.getByRole('tab', { name: 'Приложения' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(shown()).toEqual(['Плитки приложений']);
  });

  it('on a phone makes a pane only once its tab is shown, and keeps it', async () => {
    mockViewport(375);
    renderGrid();
    expect(screen.queryByText('Список дисциплин')).not.toBeInTheDocument();
    expect(screen.queryByText('Лента новостей')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Сообщения' }));
    expect(screen.getByText('Список дисциплин')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Приложения' }));
    expect(screen.getByText('Список дисциплин')).not.toBeVisible();
    expect(screen.queryByText('Лента новостей')).not.toBeInTheDocument();
  });

  it('has no messages tab when no module of the registry fills the side panes', () => {
    mockViewport(375);
    renderGrid('/lms', {});
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Новости', 'Приложения']);
  });

  it('switches panes with the tabs: 1 news, 2 messages, and the arrow keys', async () => {
    mockViewport(375);
    renderGrid();
    const user = userEvent.setup();

    await user.click(screen.getByRole('tab', { name: 'Новости' }));
    expect(lmsStore.get(activeTabAtom)).toBe(1);
    expect(shown()).toEqual(['Лента новостей']);

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Сообщения' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Сообщения' })).toHaveAttribute('aria-selected', 'true');
    expect(shown()).toEqual(['Список дисциплин', 'Список контактов']);

    await user.keyboard('{End}');
    expect(shown()).toEqual(['Плитки приложений']);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Новости' })).toHaveFocus();
  });

  it('on the chat route selects the messages tab; #messages shows the open conversation', async () => {
    mockViewport(375);
    renderGrid('/lms/chat');
    const messages = screen.getByRole('tab', { name: 'Сообщения' });
    expect(messages).toHaveAttribute('aria-selected', 'true');
    expect(shown()).toEqual(['Список дисциплин', 'Список контактов']);
  });

  it.each([
    ['/lms/chat', ['Список дисциплин', 'Список контактов']],
    ['/lms/news', ['Лента новостей']],
    ['/lms/profile', ['Лента новостей']],
  ])(
    'on a phone, a deep link to %s never makes the applications pane, before or after the registry',
    (path, panes) => {
      mockViewport(375);
      const made = jest.fn();
      const apps = <Made onMade={made} />;
      // The registry's modules come after the first render: until then the chat's and the
      // news' routes are an application's screens.
      const { rerender } = render(grid(path, {}, apps));
      rerender(grid(path, TABS, apps));
      expect(shown()).toEqual(panes);
      expect(made).not.toHaveBeenCalled();
    },
  );

  it('with a conversation open the messages tab shows it, and pressing the tab goes back to the contacts', async () => {
    mockViewport(375);
    renderGrid('/lms/chat#messages');
    expect(screen.getByRole('tab', { name: 'Сообщения' })).toHaveAttribute('aria-selected', 'true');
    expect(shown()).toEqual(['Лента новостей']);

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Сообщения' }));
    expect(shown()).toEqual(['Список дисциплин', 'Список контактов']);
  });

  it('shows the profile pane for tab 0', () => {
    mockViewport(375);
    lmsStore.set(activeTabAtom, 0);
    renderGrid();
    expect(shown()).toEqual(['Панель профиля']);
    const selected = screen.getAllByRole('tab').map((tab) => tab.getAttribute('aria-selected'));
    expect(selected).toEqual(['false', 'false', 'false']);
  });

  it('follows the viewport across the breakpoint', () => {
    const viewport = mockViewport(1280);
    renderGrid();
    expect(shown()).toHaveLength(5);

    act(() => viewport.resize(899.9));
    expect(screen.getByRole('tablist')).toBeInTheDocument();
    expect(shown()).toEqual(['Плитки приложений']);

    act(() => viewport.resize(1024));
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(shown()).toHaveLength(5);
  });

  it("on a phone, an application's screen shows the content pane under the applications tab", () => {
    mockViewport(375);
    renderGrid('/lms/journal');
    expect(shown()).toEqual(['Лента новостей']);
    expect(selectedTab()).toBe('Приложения');
  });

  it('on a phone, the selected tab follows the route', () => {
    mockViewport(375);
    const cases: Array<[string, string | null]> = [
      ['/lms/transcript', 'Приложения'],
      ['/lms/paymentcode', 'Приложения'],
      ['/lms/apps', 'Приложения'],
      ['/lms/chat', 'Сообщения'],
      ['/lms/news', 'Новости'],
      ['/lms/profile', null],
    ];
    for (const [path, tab] of cases) {
      const { unmount } = renderGrid(path);
      expect({ path, tab: selectedTab() }).toEqual({ path, tab });
      unmount();
    }
  });

  it('on a phone, the news tab on a screen leads home, the applications tab to the list', async () => {
    mockViewport(375);
    const user = userEvent.setup();
    renderGrid('/lms/journal');
    await user.click(screen.getByRole('tab', { name: 'Новости' }));
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/lms$/);
    expect(selectedTab()).toBe('Новости');
    await user.click(screen.getByRole('tab', { name: 'Приложения' }));
    expect(shown()).toEqual(['Плитки приложений']);
  });

  it('on a desktop, the applications page has no apps pane beside it repeating its tiles', () => {
    mockViewport(1280);
    renderGrid('/lms/apps');
    expect(shown()).toEqual(PANE_TEXTS.filter((text) => text !== 'Плитки приложений'));
    expect(screen.getByText('Лента новостей').closest('[data-apps-pane]')).toHaveAttribute(
      'data-apps-pane',
      'hidden',
    );
  });

  it('on a desktop, a wide screen folds the side panes away and one control brings them back', async () => {
    mockViewport(1280);
    const user = userEvent.setup();
    act(() => lmsStore.set(pageWidthAtom, 'wide'));
    try {
      renderGrid('/lms/journal');
      expect(shown()).toEqual(['Лента новостей']);
      const toggle = screen.getByRole('button', { name: 'Показать боковые панели' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await user.click(toggle);
      expect(shown()).toEqual(PANE_TEXTS);
      await user.click(screen.getByRole('button', { name: 'Скрыть боковые панели' }));
      expect(shown()).toEqual(['Лента новостей']);
    } finally {
      act(() => lmsStore.set(pageWidthAtom, 'normal'));
    }
    expect(screen.queryByRole('button', { name: /боковые панели/ })).not.toBeInTheDocument();
    expect(shown()).toEqual(PANE_TEXTS);
  });

  it('draws no box for a pane nothing fills', () => {
    mockViewport(1280);
    render(
      <MemoryRouter initialEntries={['/lms']}>
        <ShellGrid
          menu={null}
          profile={<p>Панель профиля</p>}
          disciplines={null}
          contacts={null}
          content={<p>Лента новостей</p>}
          apps={<p>Плитки приложений</p>}
        />
      </MemoryRouter>,
    );
    expect(document.getElementById('lms-pane-disciplines')).not.toBeVisible();
    expect(document.getElementById('lms-pane-contacts')).not.toBeVisible();
    expect(document.getElementById('lms-pane-profile')).toBeVisible();
  });
});
