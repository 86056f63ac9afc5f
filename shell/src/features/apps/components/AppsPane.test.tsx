import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { setUpI18n, signIn, student, teacher } from '../../../test/environment';
import { MODULES, REGISTRY, setRegistry } from '../../../test/registry';
import { AppsPane } from './AppsPane';

beforeAll(setUpI18n);
beforeEach(() => {
  signIn(student);
  setRegistry();
});

function renderPane() {
  return render(
    <MemoryRouter>
      <AppsPane />
    </MemoryRouter>,
  );
}

describe('apps pane', () => {
  it("has a tile for the shell's screens, the registry's modules and the planned areas", () => {
    renderPane();
    for (const name of ['Электронная ведомость', 'УМК', 'Заказ справок', 'Чат']) {
      expect(screen.getByText(name)).toBeInTheDocument();
    }
    // 7 planned (testing and the questionnaire are registry modules now), the personal card, 5
    // modules.
    expect(screen.getAllByRole('link')).toHaveLength(13);
  });

  it('links the modules and the shell screens to their routes', () => {
    renderPane();
    const available = screen.getByRole('list', { name: 'Доступные разделы' });
    expect(within(available).getByRole('link', { name: 'Журнал занятий' })).toHaveAttribute(
      'href',
      '/lms/journal',
    );
    expect(within(available).getByRole('link', { name: 'Заказ справок' })).toHaveAttribute(
      'href',
      '/lms/singlewindow',
    );
    expect(within(available).getByRole('link', { name: 'Личная карточка' })).toHaveAttribute(
      'href',
      '/lms/profile',
    );
  });

  it('says plainly that an area without a feature is not available yet, with no link', () => {
    renderPane();
    const statement = screen.getByRole('link', { name: /Электронная ведомость/ });
    expect(statement).toHaveAttribute('aria-disabled', 'true');
    expect(statement).not.toHaveAttribute('href');
    expect(statement).toHaveTextContent('Пока недоступно');
  });

  it('shows a module only to the roles it names', () => {
    signIn(teacher);
    renderPane();
    expect(screen.queryByText('Заказ справок')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Журнал занятий' })).toHaveAttribute('href');
  });

  it('shows a module named for a staff permission to the users who hold it, whatever their role', () => {
    signIn({ ...teacher, registrarPerms: true });
    renderPane();
    expect(screen.getByRole('link', { name: 'Заказ справок' })).toHaveAttribute(
      'href',
      '/lms/singlewindow',
    );
  });

  it('takes a new module from the registry: its labels, icon and route, replacing the planned tile', () => {
    setRegistry({
      ...REGISTRY,
      modules: [
        ...MODULES,
        {
          key: 'rooms',
          remote: 'rooms',
          module: './App',
          routes: ['rooms'],
          labels: { kg: 'Аудиториялар', ru: 'Аудитории', en: 'Rooms' },
          roles: ['student'],
          tile: { icon: 'a-new-icon' },
        },
      ],
    });
    renderPane();
    const rooms = screen.getByRole('link', { name: 'Аудитории' });
    expect(rooms).toHaveAttribute('href', '/lms/rooms');
    expect(screen.getAllByText('Аудитории')).toHaveLength(1);
  });
});
