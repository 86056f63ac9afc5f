import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { lmsStore } from '@lms/shared';
import { mockViewport, setUpI18n } from '../../../test/environment';
import { activeTabAtom, DEFAULT_TAB } from '../tabs';
import { ShellGrid } from './ShellGrid';

beforeAll(setUpI18n);
beforeEach(() => lmsStore.set(activeTabAtom, DEFAULT_TAB));

const TABS = { content: 'Новости', side: { label: 'Сообщения', path: '/lms/chat' } };

function renderGrid(path = '/lms', tabs: typeof TABS | object = TABS) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ShellGrid
        menu={<p>Меню</p>}
        profile={<p>Панель профиля</p>}
        disciplines={<p>Список дисциплин</p>}
        contacts={<p>Список контактов</p>}
        content={<p>Лента новостей</p>}
        apps={<p>Плитки приложений</p>}
        tabs={tabs}
      />
    </MemoryRouter>,
  );
}

const PANE_TEXTS = [
  'Панель профиля',
  'Список дисциплин',
  'Список контактов',
  'Лента новостей',
  'Плитки приложений',
];

const shown = () =>
  PANE_TEXTS.filter((text) => screen.getByText(text).closest('[hidden]') === null);

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

  it('on a phone, opening a screen shows the content pane', () => {
    mockViewport(375);
    renderGrid('/lms/journal');
    expect(shown()).toEqual(['Лента новостей']);
    expect(screen.getByRole('tab', { name: 'Новости' })).toHaveAttribute('aria-selected', 'true');
  });
});
