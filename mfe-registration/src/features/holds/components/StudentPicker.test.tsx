import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, i18n, REGISTRATION_API, type StudentSearchHit } from '@lms/shared';
import {
  ok,
  refused,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import { StudentPicker } from './StudentPicker';

const SEARCH = REGISTRATION_API.holdStudents.path;

signInForEachTest({ ...testTeacher, registrarPerms: true });

let api: StubbedApi;
afterEach(() => api.restore());

const student = (id: number, s_fio: string): StudentSearchHit => ({
  id_student: id,
  s_fio,
  group: 'ПИ-1-24',
  faculty: 'Факультет информационных технологий',
});

/** The picker in a form that shows who is chosen. */
function Picker() {
  const [value, setValue] = useState<StudentSearchHit | null>(null);
  return (
    <>
      <StudentPicker id="who" value={value} onChange={setValue} />
      <span data-testid="chosen">{value?.id_student ?? 'none'}</span>
    </>
  );
}

describe('StudentPicker', () => {
  it('finds students as the registrar types, chooses one with the keyboard, and searches again', async () => {
    api = stubApi(http, {
      [SEARCH]: (config) => {
        const { query } = JSON.parse(String(config.data)) as { query: string };
        if (query === 'бе') {
          return ok({
            students: Array.from({ length: 20 }, (_, i) => student(100 + i, `Беков ${i}`)),
            total: 57,
          });
        }
        if (query === 'бек асан') {
          return ok({
            students: [
              student(7, 'Бекова Асель Маратовна'),
              student(8, 'Асанбеков Нурлан Бекович'),
            ],
            total: 2,
          });
        }
        return ok({ students: [], total: 0 });
      },
    });
    const user = userEvent.setup();
    renderInPortal(<Picker />);
    const search = screen.getByRole('combobox', { name: 'Найти студента' });
    expect(search).toHaveAttribute('aria-expanded', 'false');

    // One letter asks nothing and says how many are needed.
    await user.type(search, 'б');
    expect(screen.getByText('Введите не меньше 2 символов.')).toBeVisible();
    // 57 match: the first 20 are listed with a hint to refine.
    await user.type(search, 'е');
    const list = await screen.findByRole('listbox', { name: 'Найденные студенты' });
    expect(within(list).getAllByRole('option')).toHaveLength(20);
    expect(
      screen.getByText('Показаны первые 20 из 57: уточните поиск (добавьте имя или группу).'),
    ).toBeVisible();
    expect(api.bodiesOf(SEARCH)).toEqual([{ query: 'бе' }]);

    await user.type(search, 'к асан');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    expect(screen.getByText(/^Найдено студентов: 2\./)).toBeVisible();
    const second = within(list).getByRole('option', { name: /Асанбеков Нурлан Бекович/ });
    expect(second).toHaveTextContent('ПИ-1-24 · Факультет информационных технологий');
    expect(search).toHaveAttribute('aria-expanded', 'true');

    // Down twice highlights the second student; Enter chooses them.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(search).toHaveAttribute('aria-activedescendant', second.id);
    expect(second).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('chosen')).toHaveTextContent('8');
    expect(screen.getByText('Асанбеков Нурлан Бекович')).toBeVisible();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();

    // Choosing another brings the search back, focused and empty.
    await user.click(
      screen.getByRole('button', {
        name: 'Выбрать другого студента вместо: Асанбеков Нурлан Бекович',
      }),
    );
    expect(screen.getByTestId('chosen')).toHaveTextContent('none');
    const again = screen.getByRole('combobox', { name: 'Найти студента' });
    await waitFor(() => expect(again).toHaveFocus());
    expect(again).toHaveValue('');

    // Nobody matches: said in words, no list.
    await user.type(again, 'Zz');
    expect(await screen.findByText('По запросу «Zz» студентов нет.')).toBeVisible();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(again).toHaveAttribute('aria-expanded', 'false');
  });

  it('chooses with a tap, and offers a retry when the search fails', async () => {
    let fail = true;
    api = stubApi(http, {
      [SEARCH]: () =>
        fail
          ? refused(500, 'Internal error')
          : ok({ students: [student(9, 'Omurbekova Aizada')], total: 1 }),
    });
    await act(() => i18n.changeLanguage('en'));
    const user = userEvent.setup();
    renderInPortal(<Picker />);
    await user.type(screen.getByRole('combobox', { name: 'Find a student' }), 'omur');
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('The search failed: Internal error');
    fail = false;
    await user.click(within(failure).getByRole('button', { name: 'Search again' }));
    const option = await screen.findByRole('option', { name: /Omurbekova Aizada/ });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(option);
    expect(screen.getByTestId('chosen')).toHaveTextContent('9');
  });
});
