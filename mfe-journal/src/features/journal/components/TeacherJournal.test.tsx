import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmHost, i18n, Notifications, VISITLOG_API } from '@lms/shared';
import {
  renderInPortal,
  signInForEachTest,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import '../../../i18n';
import {
  checkInJournal,
  COLLEAGUE,
  OWN_TEACHER,
  ok,
  refused,
  sampleJournal,
  stubVisitlog,
} from '../../../testing/fakeVisitlog';
import { chooseLessons } from '../../../testing/journalScreen';
import { TeacherJournal } from './TeacherJournal';

signInForEachTest(testTeacher);

let api: StubbedApi;
afterEach(() => api.restore());

function renderJournal() {
  return renderInPortal(
    <>
      <TeacherJournal />
      <Notifications />
      <ConfirmHost />
    </>,
    '/lms/journal',
  );
}

/** Chooses the discipline and the lesson type (the only group is chosen by itself). */
async function openJournal(user: ReturnType<typeof userEvent.setup>) {
  await chooseLessons(user, 'Практика');
  return screen.findByRole('table');
}

const cell = (name: RegExp) => screen.getByRole('button', { name });

describe('teacher journal', () => {
  it('asks each list with the choices before it and shows the grid with its figures', async () => {
    api = stubVisitlog();
    const user = userEvent.setup();
    renderJournal();
    expect(screen.getByText(/Выберите дисциплину, группу и вид занятия/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Семестр')).toHaveDisplayValue('Осенний'));
    // Nothing is chosen for the teacher while the list has more than one entry.
    await within(screen.getByLabelText('Дисциплина')).findByRole('option', { name: 'Алгоритмы' });
    expect(screen.getByLabelText('Дисциплина')).toHaveDisplayValue(' --- ');

    const table = await openJournal(user);
    const year = Number((screen.getByLabelText('Учебный год') as HTMLSelectElement).value);
    expect(api.bodiesOf(VISITLOG_API.disciplines)).toEqual([{ year, ws: 1 }]);
    expect(api.bodiesOf(VISITLOG_API.groups)).toEqual([{ year, ws: 1, id_discipline: 5 }]);
    expect(screen.getByLabelText('Группа или подгруппа')).toHaveDisplayValue(
      'ПИ-1-24 (вся группа)',
    );
    expect(api.bodiesOf(VISITLOG_API.journal)).toEqual([
      { year, ws: 1, id_discipline: 5, id_group: 21, id_subgroup: null, id_vid_zaniatiy: 2 },
    ]);

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers[0]).toBe('Студент');
    expect(headers[1]).toContain('07.09');
    expect(headers.slice(3)).toEqual(['Пропуски', 'Часы', 'Сумма', 'Средний балл', 'Посещаемость']);
    const rows = within(table).getAllByRole('row');
    const first = within(rows[1]!);
    expect(first.getByRole('rowheader')).toHaveTextContent('Абдыкадыров Азамат');
    expect(first.getByText('4,50')).toBeInTheDocument();
    expect(first.getByText('100 %')).toBeInTheDocument();
    const second = within(rows[2]!);
    expect(second.getByText('50 %')).toHaveTextContent('(низкая посещаемость)');
    expect(cell(/^Бакирова Айпери, 07\.09\.2026, 1-я пара: н\/б$/)).toHaveTextContent('н/б');
  });

  it('sets marks from the keyboard, moving between cells, and saves each cell', async () => {
    api = stubVisitlog();
    const user = userEvent.setup();
    renderJournal();
    await openJournal(user);

    const first = cell(/^Абдыкадыров Азамат, 07\.09\.2026, 1-я пара/);
    expect(first).toHaveAttribute('tabindex', '0');
    expect(cell(/^Абдыкадыров Азамат, 14\.09\.2026/)).toHaveAttribute('tabindex', '-1');
    act(() => first.focus());
    await user.keyboard('{ArrowDown}');
    expect(cell(/^Бакирова Айпери, 07\.09\.2026/)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    const target = cell(/^Бакирова Айпери, 14\.09\.2026/);
    expect(target).toHaveFocus();
    await user.keyboard('3');

    await waitFor(() =>
      expect(api.bodiesOf(VISITLOG_API.updateVisit)).toEqual([
        { id_lesson: 12, id_student: 102, otsenka: '3', version: 1 },
      ]),
    );
    const saved = target.closest('td')!;
    expect(await within(saved).findByText('Сохранено')).toBeInTheDocument();
    expect(target).toHaveTextContent('3');
    // The cell shows it is saved: no notification covers the grid being typed in.
    expect(screen.getByRole('region', { name: 'Уведомления' })).toBeEmptyDOMElement();
    // The row's figures follow the saved mark without asking for the journal again.
    const row = within(target.closest('tr')!);
    expect(row.getByText('3,00')).toBeInTheDocument();
    expect(api.bodiesOf(VISITLOG_API.journal)).toHaveLength(1);

    // 'н' marks an absence, Delete clears the cell (present).
    await user.keyboard('{ArrowUp}н');
    await user.keyboard('{ArrowLeft}{Delete}');
    await waitFor(() =>
      expect(api.bodiesOf(VISITLOG_API.updateVisit)).toEqual([
        { id_lesson: 12, id_student: 102, otsenka: '3', version: 1 },
        { id_lesson: 12, id_student: 101, otsenka: 'н/б', version: 1 },
        { id_lesson: 11, id_student: 101, otsenka: null, version: 3 },
      ]),
    );
  });

  it('in Kyrgyz marks an absence with к, the letter of the к/ж the cells show', async () => {
    api = stubVisitlog();
    const user = userEvent.setup();
    renderJournal();
    await openJournal(user);
    await act(() => i18n.changeLanguage('kg'));
    // The language's switch asks the journal again: the grid as it is then.
    await waitFor(() => expect(api.bodiesOf(VISITLOG_API.journal)).toHaveLength(2));
    const target = await screen.findByRole('button', { name: /^Абдыкадыров Азамат, 14\.09\.2026/ });
    act(() => target.focus());
    await user.keyboard('к');
    await waitFor(() =>
      expect(api.bodiesOf(VISITLOG_API.updateVisit)).toEqual([
        { id_lesson: 12, id_student: 101, otsenka: 'н/б', version: 1 },
      ]),
    );
    expect(target).toHaveTextContent('к/ж');
    expect(screen.getByText(/«к» же «н» — келген жок/)).toBeInTheDocument();
  });

  it('shows the newer mark and who set it when, when the cell had changed elsewhere', async () => {
    const at = Date.parse('2026-09-14T10:05:00+06:00');
    // The journal as the server has it once the other screen wrote the cell.
    const newer = sampleJournal();
    newer.rows[0]!.marks['12'] = '5';
    newer.rows[0]!.versions['12'] = 2;
    let written = false;
    api = stubVisitlog({
      [VISITLOG_API.journal.path]: () => ok(written ? newer : sampleJournal()),
      [VISITLOG_API.updateVisit.path]: () => {
        written = true;
        return {
          status: 409,
          data: {
            result: true,
            error: 'Отметку уже изменили',
            data: {
              id_lesson: 12,
              id_student: 101,
              otsenka: '5',
              version: 2,
              by: 'Петрова Анна',
              at,
            },
          },
        };
      },
    });
    const user = userEvent.setup();
    renderJournal();
    await openJournal(user);
    const target = cell(/^Абдыкадыров Азамат, 14\.09\.2026/);
    expect(target).toHaveTextContent('4');
    act(() => target.focus());
    await user.keyboard('3');

    expect(
      await screen.findByText(
        'Отметку «Абдыкадыров Азамат, 14.09.2026, 2-я пара» уже поставил(а) Петрова Анна 14.09.2026 в 10:05: 5. Ваша отметка не сохранена, в ячейке показана текущая.',
      ),
    ).toBeInTheDocument();
    // The cell shows the newer mark, not the one typed, and says who set it and when.
    expect(target).toHaveTextContent('5');
    const td = within(target.closest('td')!);
    expect(td.getByText('Изменено: Петрова Анна, 14.09.2026 в 10:05')).toBeInTheDocument();
    expect(td.queryByRole('button', { name: /Сохранить снова/ })).not.toBeInTheDocument();
    // The next mark goes on the version the server told.
    api.routes[VISITLOG_API.updateVisit.path] = ok({ sms: 'ok', version: 3 });
    await user.keyboard('2');
    expect(await td.findByText('Сохранено')).toBeInTheDocument();
    expect(api.bodiesOf(VISITLOG_API.updateVisit)).toEqual([
      { id_lesson: 12, id_student: 101, otsenka: '3', version: 1 },
      { id_lesson: 12, id_student: 101, otsenka: '2', version: 2 },
    ]);
    expect(target).toHaveTextContent('2');
  });

  it('shows how each attendance was recorded and asks before an absence replaces a QR check-in', async () => {
    api = stubVisitlog({ [VISITLOG_API.journal.path]: ok(checkInJournal()) });
    const user = userEvent.setup();
    renderJournal();
    await openJournal(user);
    expect(screen.getByRole('list', { name: 'Как отмечено посещение' }).textContent).toMatch(
      /QR\s*отметился\(ась\) по QR-коду.*ещё не отмечен\(а\)/,
    );
    const scanned = cell(/^Бакирова Айпери, 14\.09\.2026, 2-я пара: присутствовал \(по QR-коду\)$/);
    expect(scanned).toHaveTextContent(/^QR$/);
    const unmarked = cell(/^Жолдошев Бекзат, 14\.09\.2026, 2-я пара: не отмечен\(а\)$/);
    expect(unmarked).toHaveTextContent('—');
    expect(cell(/^Жолдошев Бекзат, 07\.09\.2026, 1-я пара: присутствовал$/)).toHaveTextContent(
      /^$/,
    );

    // An absence over the check-in is asked first; kept, nothing is saved.
    act(() => scanned.focus());
    await user.keyboard('н');
    let dialog = await screen.findByRole('dialog', { name: 'Студент отметился по QR-коду' });
    expect(dialog).toHaveTextContent(
      'Бакирова Айпери отметился(ась) по QR-коду на занятии 14.09.2026, 2-я пара. Поставить «н/б» вместо этой отметки?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Оставить отметку по QR' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(scanned).toHaveFocus();
    expect(scanned).toHaveTextContent(/^QR$/);
    expect(api.bodiesOf(VISITLOG_API.updateVisit)).toEqual([]);
    // A grade on the check-in is not asked: the presence stays the student's.
    await user.keyboard('5');
    expect(await within(scanned.closest('td')!).findByText('Сохранено')).toBeInTheDocument();
    expect(scanned).toHaveAccessibleName(/: 5 \(по QR-коду\)$/);
    // Confirmed, the absence is saved by hand.
    await user.keyboard('н');
    dialog = await screen.findByRole('dialog', { name: 'Студент отметился по QR-коду' });
    await user.click(within(dialog).getByRole('button', { name: 'Поставить н/б' }));
    await waitFor(() =>
      expect(api.bodiesOf(VISITLOG_API.updateVisit)).toEqual([
        { id_lesson: 12, id_student: 102, otsenka: '5', version: 1 },
        { id_lesson: 12, id_student: 102, otsenka: 'н/б', version: 4 },
      ]),
    );
    await waitFor(() => expect(scanned).toHaveAccessibleName(/: н\/б$/));

    // A student not marked yet takes a presence by hand (Delete), without a question.
    act(() => unmarked.focus());
    await user.keyboard('{Delete}');
    await waitFor(() => expect(unmarked).toHaveAccessibleName(/: присутствовал$/));
    expect(api.bodiesOf(VISITLOG_API.updateVisit).at(-1)).toEqual({
      id_lesson: 12,
      id_student: 103,
      otsenka: null,
      version: 0,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('types on in one cell without waiting: each save goes on the version of the one before', async () => {
    let release: () => void = () => undefined;
    let version = 1;
    api = stubVisitlog({
      [VISITLOG_API.updateVisit.path]: () => {
        version += 1;
        const answer = ok({ sms: 'ok', version });
        if (version > 2) return answer;
        return { pending: new Promise((resolve) => (release = () => resolve(answer))) };
      },
    });
    const user = userEvent.setup();
    renderJournal();
    await openJournal(user);
    const target = cell(/^Бакирова Айпери, 14\.09\.2026/);
    act(() => target.focus());
    await user.keyboard('3');
    await waitFor(() => expect(api.bodiesOf(VISITLOG_API.updateVisit)).toHaveLength(1));
    await user.keyboard('2');
    act(() => release());
    await waitFor(() =>
      expect(api.bodiesOf(VISITLOG_API.updateVisit)).toEqual([
        { id_lesson: 12, id_student: 102, otsenka: '3', version: 1 },
        { id_lesson: 12, id_student: 102, otsenka: '2', version: 2 },
      ]),
    );
    expect(await within(target.closest('td')!).findByText('Сохранено')).toBeInTheDocument();
    expect(target).toHaveTextContent('2');
  });

  it("shows a colleague's lesson read-only: named, its cells taking no mark, no delete", async () => {
    const journal = sampleJournal();
    journal.lessons[1] = { ...journal.lessons[1]!, ...COLLEAGUE };
    api = stubVisitlog({
      [VISITLOG_API.journal.path]: ok(journal),
      [VISITLOG_API.topic.path]: ok({ tema: 'Нормальные формы', id_module: null }),
      [VISITLOG_API.modules.path]: ok([]),
    });
    const user = userEvent.setup();
    renderJournal();
    const table = await openJournal(user);
    const headers = within(table).getAllByRole('columnheader');
    expect(headers[2]).toHaveTextContent('ведёт Петрова А.');
    expect(headers[1]).not.toHaveTextContent('ведёт');

    const theirs = cell(
      /^Абдыкадыров Азамат, 14\.09\.2026, 2-я пара: 4\. Занятие ведёт Петрова Анна/,
    );
    expect(theirs).toHaveAttribute('aria-disabled', 'true');
    // The keyboard passes through it; marks typed on it go nowhere.
    act(() => cell(/^Абдыкадыров Азамат, 07\.09\.2026/).focus());
    await user.keyboard('{ArrowRight}');
    expect(theirs).toHaveFocus();
    await user.keyboard('3{Delete}');
    await user.click(theirs);
    expect(within(theirs.closest('td')!).queryByRole('combobox')).not.toBeInTheDocument();
    expect(theirs).toHaveTextContent('4');
    expect(api.bodiesOf(VISITLOG_API.updateVisit)).toEqual([]);

    await user.click(
      screen.getByRole('button', {
        name: '14.09 2-я — тема и список занятия 14.09.2026, 2-я пара (ведёт Петрова Анна, только просмотр)',
      }),
    );
    const panel = await screen.findByRole('region', { name: 'Тема занятия 14.09.2026, 2-я пара' });
    expect(await within(panel).findByText('Нормальные формы')).toBeInTheDocument();
    expect(
      within(panel).getByText(/^Занятие ведёт Петрова Анна: только просмотр/),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
    expect(
      within(panel).queryByRole('button', { name: 'Удалить занятие' }),
    ).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Убрать/ })).not.toBeInTheDocument();
  });

  it('keeps a failed save on screen with a retry that saves it', async () => {
    api = stubVisitlog({
      [VISITLOG_API.updateVisit.path]: refused(500, 'База данных недоступна'),
    });
    const user = userEvent.setup();
    renderJournal();
    await openJournal(user);
    const target = cell(/^Абдыкадыров Азамат, 14\.09\.2026/);
    act(() => target.focus());
    await user.keyboard('2');

    const td = within(target.closest('td')!);
    expect(await td.findByText('Не сохранено')).toBeInTheDocument();
    // The mark typed stays, never silently replaced by the old one.
    expect(target).toHaveTextContent('2');
    expect(api.bodiesOf(VISITLOG_API.updateVisit)).toHaveLength(1);

    api.routes[VISITLOG_API.updateVisit.path] = ok({
      sms: 'Посещаемость сохранена',
      version: 2,
    });
    await user.click(
      td.getByRole('button', { name: 'Сохранить снова: Абдыкадыров Азамат, 14.09.2026, 2-я пара' }),
    );
    expect(await td.findByText('Сохранено')).toBeInTheDocument();
    expect(api.bodiesOf(VISITLOG_API.updateVisit)).toEqual([
      { id_lesson: 12, id_student: 101, otsenka: '2', version: 1 },
      { id_lesson: 12, id_student: 101, otsenka: '2', version: 1 },
    ]);
  });

  it('tries a save again by itself when the network dropped', async () => {
    let calls = 0;
    api = stubVisitlog({
      [VISITLOG_API.updateVisit.path]: () =>
        ++calls === 1 ? { fail: 'network' } : ok({ sms: 'Посещаемость сохранена', version: 2 }),
    });
    const user = userEvent.setup();
    renderJournal();
    await openJournal(user);
    const target = cell(/^Бакирова Айпери, 14\.09\.2026/);
    act(() => target.focus());
    await user.keyboard('5');
    const td = within(target.closest('td')!);
    expect(await td.findByText('Сохранено')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('adds a lesson: everyone present, then the column appears', async () => {
    api = stubVisitlog({
      [VISITLOG_API.insertAll.path]: ok({ sms: 'Занятие создано', id_lesson: 13 }),
    });
    const user = userEvent.setup();
    renderJournal();
    await openJournal(user);
    await user.click(screen.getByRole('button', { name: 'Добавить занятие' }));
    const form = screen.getByRole('form', { name: 'Новое занятие' });
    await within(form).findByRole('option', { name: /2-я пара/ });
    await user.selectOptions(within(form).getByLabelText('Пара'), '2');
    const date = within(form).getByLabelText('Дата');
    await user.clear(date);
    await user.type(date, '2026-09-21');

    const journal = sampleJournal();
    journal.lessons.push({
      id_lesson: 13,
      date: '2026-09-21',
      id_time: 2,
      id_f_educ: 1,
      tema: '',
      id_module: null,
      ...OWN_TEACHER,
    });
    for (const row of journal.rows) {
      row.marks['13'] = null;
      row.versions['13'] = 1;
    }
    api.routes[VISITLOG_API.journal.path] = ok(journal);
    await user.click(within(form).getByRole('button', { name: 'Добавить' }));

    expect(await screen.findByText('Занятие создано')).toBeInTheDocument();
    expect(api.bodiesOf(VISITLOG_API.insertAll)).toEqual([
      expect.objectContaining({
        id_discipline: 5,
        id_group: 21,
        id_vid_zaniatiy: 2,
        id_f_educ: 1,
        id_time: 2,
        date: '2026-09-21',
      }),
    ]);
    expect(
      await screen.findByRole('button', { name: /^Абдыкадыров Азамат, 21\.09\.2026, 2-я пара/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Новое занятие' })).not.toBeInTheDocument();
  });

  it('shows a failed journal with a retry', async () => {
    api = stubVisitlog({ [VISITLOG_API.journal.path]: refused(500, 'Сервер недоступен') });
    const user = userEvent.setup();
    renderJournal();
    await chooseLessons(user, 'Практика');
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер недоступен');
    api.routes[VISITLOG_API.journal.path] = ok(sampleJournal());
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});
