import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { lmsStore, type Settings } from '@lms/shared';
import { AREAS } from '../../../config/areas';
import { setUpI18n } from '../../../test/environment';
import { settingsAtom } from '../settings';
import { AppsPane } from './AppsPane';

beforeAll(setUpI18n);
beforeEach(() => lmsStore.set(settingsAtom, null));

function renderPane() {
  return render(
    <MemoryRouter>
      <AppsPane />
    </MemoryRouter>,
  );
}

describe('apps pane', () => {
  it('has a tile for every area of spec §1', () => {
    renderPane();
    expect(AREAS).toHaveLength(20);
    for (const name of ['Расписание', 'Электронная ведомость', 'УМК', 'Транскрипт', 'Чат']) {
      expect(screen.getByText(name)).toBeInTheDocument();
    }
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(20);
  });

  it('links the areas that have a screen to their routes', () => {
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

  it("marks areas the role's settings do not open", () => {
    const settings: Settings = {
      role: 1,
      areas: ['news', 'chat', 'journal', 'umk', 'library', 'singlewindow'],
      defaults: { id_a_year: 24, yearName: '2024-25', ws: 1, tab: 3, language: 'ru' },
    };
    lmsStore.set(settingsAtom, settings);
    renderPane();
    const transcript = screen.getByRole('link', { name: /Транскрипт/ });
    expect(transcript).toHaveAttribute('aria-disabled', 'true');
    expect(transcript).toHaveTextContent('Недоступно для вашей роли');
    expect(screen.getByRole('link', { name: 'Журнал занятий' })).toHaveAttribute('href');
  });
});
