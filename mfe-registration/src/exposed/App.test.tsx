import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmHost, i18n, Notifications } from '@lms/shared';
import {
  ok,
  refused,
  renderInPortal,
  signInForEachTest,
  testStudent,
  type StubbedApi,
} from '@lms/shared/testing';
import { regList, stubRegistration } from '../testing/fakeRegistration';
import App from './App';

signInForEachTest(testStudent);

let api: StubbedApi;
afterEach(() => api.restore());

const R = '/api/regfordisciplines';

function renderApp() {
  return renderInPortal(
    <>
      <App />
      <Notifications />
      <ConfirmHost />
    </>,
    '/lms/registration',
  );
}

describe('registration remote (student)', () => {
  it('loads the default year, its semesters and the registrations', async () => {
    api = stubRegistration();
    renderApp();
    expect(screen.getByRole('heading', { name: 'Регистрация на дисциплины' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Командный программный проект')).toBeInTheDocument();
    expect(within(table).getByText('По плану')).toBeInTheDocument();
    expect(screen.getByLabelText('Учебный год')).toHaveValue('26');
    expect(screen.getByLabelText('Семестр')).toHaveValue('1');
    expect(screen.getByText(/Кредитов: 3 из 35/)).toBeInTheDocument();
    expect(api.bodiesOf(`${R}/getsemesters.json`)).toEqual([{ id_a_year: 26 }]);
    expect(api.bodiesOf(`${R}/getreglist.json`)[0]).toEqual({
      id_a_year: 26,
      id_semester: 1,
      uid: testStudent.uid,
    });
    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByRole('heading', { name: 'Дисциплиналарга катталуу' })).toBeInTheDocument();
  });

  it('registers for an elective: a full stream shows its reason, a free one saves and reloads', async () => {
    api = stubRegistration();
    const user = userEvent.setup();
    renderApp();
    const electives = await screen.findByRole('region', { name: /Дисциплины по выбору/ });
    await user.selectOptions(await within(electives).findByLabelText('Дисциплина'), '42');
    await user.selectOptions(await within(electives).findByLabelText('Преподаватель'), '8');
    const stream = within(electives).getByLabelText('Поток');
    await waitFor(() => expect(within(stream).getAllByRole('option')).toHaveLength(3));
    expect(
      within(stream).getByRole('option', { name: /Поток 1 · Лекция — поток заполнен/ }),
    ).toBeInTheDocument();
    await user.selectOptions(stream, '81');
    expect(within(electives).getByRole('alert')).toHaveTextContent('Поток заполнен');
    expect(within(electives).getByRole('button', { name: 'Зарегистрироваться' })).toBeDisabled();

    await user.selectOptions(stream, '82');
    const lists = api.bodiesOf(`${R}/getreglist.json`).length;
    await user.click(within(electives).getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Регистрация сохранена')).toBeInTheDocument();
    expect(api.bodiesOf(`${R}/saveregistration.json`)).toEqual([
      {
        id_a_year: 26,
        id_semester: 1,
        id_discipline: 42,
        id_teacher: 8,
        subgroup: 82,
        uid: testStudent.uid,
      },
    ]);
    await waitFor(() => expect(api.bodiesOf(`${R}/getreglist.json`).length).toBeGreaterThan(lists));
  });

  it('shows the server’s refusal in the form', async () => {
    api = stubRegistration({
      [`${R}/saveregistration.json`]: refused(409, 'Превышен лимит кредитов: 33 + 4 > 35'),
    });
    const user = userEvent.setup();
    renderApp();
    const electives = await screen.findByRole('region', { name: /Дисциплины по выбору/ });
    await user.selectOptions(await within(electives).findByLabelText('Дисциплина'), '42');
    await user.selectOptions(await within(electives).findByLabelText('Преподаватель'), '8');
    await user.selectOptions(within(electives).getByLabelText('Поток'), '82');
    await user.click(within(electives).getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await within(electives).findByRole('alert')).toHaveTextContent(
      'Превышен лимит кредитов: 33 + 4 > 35',
    );
  });

  it('a teacher list that fails to load says so, with the reason', async () => {
    api = stubRegistration({
      [`${R}/optional/teachers.json`]: refused(500, 'Внутренняя ошибка сервера'),
    });
    const user = userEvent.setup();
    renderApp();
    const electives = await screen.findByRole('region', { name: /Дисциплины по выбору/ });
    await user.selectOptions(await within(electives).findByLabelText('Дисциплина'), '42');
    expect(await within(electives).findByRole('alert')).toHaveTextContent(
      'Не удалось загрузить преподавателей: Внутренняя ошибка сервера',
    );
  });

  it('deletes a registration only after confirming', async () => {
    api = stubRegistration();
    const user = userEvent.setup();
    renderApp();
    await user.click(
      await screen.findByRole('button', { name: /Удалить регистрацию на «Командный/ }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Удалить регистрацию на дисциплину «Командный программный проект»?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(api.bodiesOf(`${R}/deleteregistration.json`)).toEqual([]);

    api.routes[`${R}/getreglist.json`] = ok(regList([]));
    await user.click(screen.getByRole('button', { name: /Удалить регистрацию на «Командный/ }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }),
    );
    expect(await screen.findByText('Регистрация удалена')).toBeInTheDocument();
    expect(api.bodiesOf(`${R}/deleteregistration.json`)).toEqual([
      { id_disciplineForStudent: 900, uid: testStudent.uid },
    ]);
    expect(await screen.findByText(/ещё не зарегистрированы/)).toBeInTheDocument();
  });

  it('a list that fails to load says which, and retries', async () => {
    api = stubRegistration({
      [`${R}/optional/disciplines.json`]: refused(500, 'Внутренняя ошибка сервера'),
    });
    renderApp();
    expect(
      await screen.findByText('Не удалось загрузить дисциплины: Внутренняя ошибка сервера'),
    ).toBeInTheDocument();
  });
});
