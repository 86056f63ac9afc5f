import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DISCIPLINE_API, http, i18n, VISITLOG_API, type StudentJournalResponse } from '@lms/shared';
import {
  ok,
  refused,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testStudent,
  type StubbedApi,
} from '@lms/shared/testing';
import '../../../i18n';
import { studentStartOf } from '../../../testing/fakeVisitlog';
import { StudentJournal } from './StudentJournal';

signInForEachTest(testStudent);

let api: StubbedApi;
afterEach(() => api.restore());

const journal: StudentJournalResponse = [
  {
    id_vid_zaniatiy: 1,
    lessonType: 'Лекция',
    teacher: 'Асанов Бакыт Маратович',
    lessons: [
      { id_lesson: 1, date: '2026-09-07', id_time: 1, tema: 'Введение', otsenka: null },
      { id_lesson: 2, date: '2026-09-14', id_time: 1, tema: '', otsenka: 'н/б' },
    ],
    timesCount: 1,
    hours: 2,
    total: 0,
    average: null,
    attendancePercent: 50,
  },
  {
    id_vid_zaniatiy: 2,
    lessonType: 'Практика',
    teacher: 'Асанов Бакыт Маратович',
    lessons: [
      { id_lesson: 3, date: '2026-09-08', id_time: 2, tema: 'SQL', otsenka: '5' },
      { id_lesson: 4, date: '2026-09-15', id_time: 2, tema: '', otsenka: '4' },
    ],
    timesCount: 0,
    hours: 0,
    total: 9,
    average: 4.5,
    attendancePercent: 100,
  },
];

function stub(journalReply = ok(journal)) {
  api = stubApi(http, {
    [DISCIPLINE_API.currentWs.path]: ok({ ws: 1, name: 'Осенний', active: [] }),
    [DISCIPLINE_API.currentYear.path]: ok({ id_a_year: 26, name: '2026-27' }),
    [DISCIPLINE_API.studentDisciplines.path]: ok([
      { id_discipline: 5, name: 'Базы данных', kredit: 5, isSelect: 0 },
      { id_discipline: 6, name: 'Алгоритмы', kredit: 4, isSelect: 0 },
    ]),
    [VISITLOG_API.studentJournal.path]: journalReply,
  });
  api.routes[VISITLOG_API.studentStart.path] = studentStartOf(api.routes);
}

/** The paths the page asked, in order. */
const asked = () =>
  api.requests
    .map((config) => config.url ?? '')
    .filter((url) => url.startsWith('/api/discipline') || url.startsWith('/api/visitlog'));

describe('student journal', () => {
  it("writes the absence in the reader's language, not as the stored Russian abbreviation", async () => {
    stub();
    renderInPortal(<StudentJournal />, '/lms/journal');
    const lecture = await screen.findByRole('region', { name: 'Лекция' });
    expect(within(lecture).getByText('н/б')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await within(lecture).findByText('abs')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('kg'));
    expect(await within(lecture).findByText('к/ж')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('ru'));
  });

  it('shows the first discipline per lesson type, read only, and another when chosen', async () => {
    stub();
    const user = userEvent.setup();
    renderInPortal(<StudentJournal />, '/lms/journal');

    const lecture = await screen.findByRole('region', { name: 'Лекция' });
    expect(
      within(lecture).getByText(/Пропуски: 1, часы: 2, средний балл: —, посещаемость: 50\s%/),
    ).toBeInTheDocument();
    expect(within(lecture).getByText('н/б')).toBeInTheDocument();
    expect(within(lecture).getByText('Введение')).toBeInTheDocument();
    expect(within(lecture).getByText('07.09.2026, 1-я пара')).toBeInTheDocument();
    // The mark, the value the page is for, comes right after the lesson (first on a phone card).
    expect(
      within(lecture)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Дата', 'Отметка', 'Тема']);
    const practice = screen.getByRole('region', { name: 'Практика' });
    expect(
      within(practice).getByText(/средний балл: 4,50, посещаемость: 100\s%/),
    ).toBeInTheDocument();
    // Nothing to edit; the history of one's marks is a screen of its own.
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'История моих отметок' })).toHaveAttribute(
      'href',
      '/lms/journal/history',
    );
    // The whole first screen came in one request: the year, the ws, the list, the journal.
    expect(asked()).toEqual([VISITLOG_API.studentStart.path]);

    await user.selectOptions(screen.getByLabelText('Дисциплина'), 'Алгоритмы');
    await waitFor(() =>
      expect(api.bodiesOf(VISITLOG_API.studentJournal)).toEqual([
        { year: 26, ws: 1, id_discipline: 6 },
      ]),
    );
    expect(asked()).toEqual([VISITLOG_API.studentStart.path, VISITLOG_API.studentJournal.path]);
  });

  it('without studentstart.json (an older API) asks for the term, the list and the journal in turn', async () => {
    stub();
    api.routes[VISITLOG_API.studentStart.path] = refused(404, 'Не найдено');
    renderInPortal(<StudentJournal />, '/lms/journal');
    expect(await screen.findByRole('region', { name: 'Практика' })).toBeInTheDocument();
    expect(api.bodiesOf(DISCIPLINE_API.studentDisciplines)).toEqual([
      { uid: testStudent.uid, year: 26, ws: 1 },
    ]);
    expect(api.bodiesOf(VISITLOG_API.studentJournal)).toEqual([
      { year: 26, ws: 1, id_discipline: 5 },
    ]);
    expect(
      asked()
        .filter((url) => url.includes('current/'))
        .sort(),
    ).toEqual([DISCIPLINE_API.currentWs.path, DISCIPLINE_API.currentYear.path]);
  });

  it('a first screen answered after a language switch is dropped; the page asks again in the new one', async () => {
    stub();
    const start = studentStartOf(api.routes);
    // The first answer is made now, in Russian, and held until after the switch.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    api.routes[VISITLOG_API.studentStart.path] = (config) => {
      calls += 1;
      const reply = typeof start === 'function' ? start(config) : start;
      return calls === 1 ? { pending: released.then(() => reply) } : reply;
    };
    renderInPortal(<StudentJournal />, '/lms/journal');
    await waitFor(() => expect(calls).toBe(1));

    api.routes[DISCIPLINE_API.studentDisciplines.path] = ok([
      { id_discipline: 5, name: 'Databases', kredit: 5, isSelect: 0 },
    ]);
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    // The switch cancels what is on its way and asks again: the new answer is in English.
    await waitFor(() => expect(calls).toBe(2));
    expect(await screen.findByRole('option', { name: 'Databases' })).toBeInTheDocument();
    // The old answer arriving late puts nothing of it on the page.
    await act(async () => {
      release();
      await released;
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole('option', { name: 'Databases' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Базы данных' })).not.toBeInTheDocument();
    await act(() => i18n.changeLanguage('ru'));
  });

  it('says when there are no marks and shows a failure with a retry', async () => {
    stub(refused(500, 'Сервер недоступен'));
    const user = userEvent.setup();
    renderInPortal(<StudentJournal />, '/lms/journal');
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер недоступен');
    api.routes[VISITLOG_API.studentJournal.path] = ok([]);
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('По этой дисциплине отметок ещё нет.')).toBeInTheDocument();
  });
});
