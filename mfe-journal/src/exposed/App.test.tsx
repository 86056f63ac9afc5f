import { act, screen, within } from '@testing-library/react';
import {
  DISCIPLINE_API,
  http,
  i18n,
  lmsStore,
  pageWidthAtom,
  SCHEDULE_API,
  userAtom,
  VISITLOG_API,
} from '@lms/shared';
import {
  ok,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import App from './App';

// The QR screens are a chunk of their own (React.lazy): compiled here once, so each test waits
// for its screen's own work, never for the first compile of that chunk.
beforeAll(() => import('../features/qr'));

let api: StubbedApi;

signInForEachTest();

beforeEach(() => {
  api = stubApi(http, {
    [DISCIPLINE_API.currentWs.path]: ok({ ws: 1, name: 'Осенний', active: [] }),
    [DISCIPLINE_API.currentYear.path]: ok({ id_a_year: 26, name: '2026-27' }),
    [DISCIPLINE_API.studentDisciplines.path]: ok([]),
    [VISITLOG_API.disciplines.path]: ok([]),
    [SCHEDULE_API.passkeys.path]: ok({ passkeys: [] }),
    [SCHEDULE_API.studentWeek.path]: ok({
      version: 'v1',
      changed: true,
      days: [],
      today: { date: '2026-11-16', day_number: 1, lessons: [] },
    }),
  });
});

afterEach(() => api.restore());

describe('journal remote', () => {
  it('shows a student their own journal, translated', async () => {
    renderInPortal(<App />, '/lms/journal');
    const section = screen.getByRole('region', { name: 'Журнал занятий' });
    expect(section).toHaveAttribute('data-remote', 'journal');
    expect(section).toHaveAttribute('data-remote-version', 'test');
    // A work screen: the shell gives it the width. The version is never shown.
    expect(section).toHaveAttribute('data-width', 'wide');
    expect(lmsStore.get(pageWidthAtom)).toBe('wide');
    expect(section).not.toHaveTextContent(/test|0\.1\.0/);
    expect(await screen.findByText('В этом семестре у вас нет дисциплин.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Вид занятия')).not.toBeInTheDocument();
    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByRole('heading', { name: 'Сабактардын журналы' })).toBeInTheDocument();
    expect(screen.getByText('Бул семестрде сизде дисциплиналар жок.')).toBeInTheDocument();
  });

  it('gives a teacher the choice chain', async () => {
    lmsStore.set(userAtom, testTeacher);
    renderInPortal(<App />, '/lms/journal');
    expect(await screen.findByLabelText('Вид занятия')).toBeInTheDocument();
    expect(await screen.findByText('В этом семестре у вас нет дисциплин.')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading', { name: 'Journal of lessons' })).toBeInTheDocument();
  });

  it('frames the schedule as a page of normal width', async () => {
    renderInPortal(<App />, '/lms/schedule');
    const section = screen.getByRole('region', { name: 'Расписание' });
    expect(section).toHaveAttribute('data-remote', 'journal');
    expect(section).toHaveAttribute('data-width', 'normal');
    expect(lmsStore.get(pageWidthAtom)).toBe('normal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Расписание' })).toBeVisible();
    // Named as its tile and its calendar file name it (the registry's 'Timetable').
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading', { level: 1, name: 'Timetable' })).toBeVisible();
  });

  /** The teacher's lesson 7 of today, its window from `start` to `end` minutes from now. */
  const todayWith = (now: number, start: number, end: number) =>
    ok({
      now,
      date: '2026-11-16',
      lessons: [
        {
          ...{ idShed: 7, discipline: 'Базы данных', lessonType: 'Лекция', group: 'ПИ-1-25' },
          ...{ subgroup: null, auditoryName: '1-203', windowFrom: '07:50', windowTo: '09:30' },
          ...{ windowStart: now + start * 60_000, windowEnd: now + end * 60_000 },
        },
      ],
    });

  /** The teacher's lesson 7 with its QR open since `now`: the code, the count and `students`. */
  const openQrLesson = (
    now: number,
    students: {
      id_student: number;
      s_fio: string;
      marked: boolean;
      otsenka: null;
      source?: 'qr';
      at?: number;
    }[],
  ) => {
    api.routes[SCHEDULE_API.qrTime.path] = ok({ now });
    api.routes[SCHEDULE_API.qrToday.path] = todayWith(now, -10, 90);
    api.routes[SCHEDULE_API.qr.path] = ok({
      ...{ audid: 3, auditoryName: '1-203', xGps: 42.87, yGps: 74.59, yearid: 26, wsid: 1 },
      ...{ uid: 2, gid: 5, id: 7, specid: 1, role: 1, timeid: 1, teacherid: 2, semid: 3 },
      ...{ daynum: 1, isSelect: 0, sidFaculty: 1, id_qr: 11, id_lesson: 40, date: '2026-11-16' },
      ...{ token: 'token', code: '123456', url: '/lms/schedule/scan#t=token' },
      ...{ serverTime: now, rotatesAt: now + 60_000, rotateMs: 60_000 },
      ...{ windowStart: now, windowEnd: now + 6_000_000, windowFrom: '07:50', windowTo: '09:30' },
      ...{ radius: 100, open: true, checkedIn: 1, expected: 4 },
    });
    api.routes[SCHEDULE_API.qrStudents.path] = ok({
      ...{ id_qr: 11, id_lesson: 40, open: true, checkedIn: 1, expected: 4 },
      students: students.map((student) => ({ source: null, at: null, ...student })),
    });
  };

  it("projects a lesson's QR on the room's screen: the page's width, every figure named", async () => {
    lmsStore.set(userAtom, testTeacher);
    const now = Date.now();
    openQrLesson(now, [
      { id_student: 1, s_fio: 'Алиев Азамат', marked: true, otsenka: null, source: 'qr', at: now },
      { id_student: 2, s_fio: 'Бекова Айгуль', marked: false, otsenka: null },
    ]);
    renderInPortal(<App />, '/lms/schedule/qr/7');
    const section = screen.getByRole('region', { name: 'QR-код занятия' });
    // On the projector the teacher's own panes (profile, sign-out, messages) are folded away.
    expect(section).toHaveAttribute('data-width', 'wide');
    expect(lmsStore.get(pageWidthAtom)).toBe('wide');
    // The big figure says what it counts; the hours say they are the check-in's, not the lesson's.
    // (The QR screens are a chunk of their own, loaded when opened: the first load takes a while.)
    const count = await screen.findByTestId('checkin-count');
    // Each student's button says what it does, not a state it could be read as.
    expect(
      await screen.findByRole('button', { name: 'Отметить отсутствие — Алиев Азамат' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Отметить присутствие — Бекова Айгуль' }),
    ).toBeInTheDocument();
    expect(count.parentElement).toHaveTextContent('Отметились1 / 4');
    expect(screen.getByTestId('checkin-window')).toHaveTextContent(
      'Аудитория 1-203 · отметка 07:50–09:30',
    );
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('link', { name: '← Back to the timetable' })).toBeInTheDocument();
    expect(count.parentElement).toHaveTextContent('Checked in1 / 4');
    expect(screen.getByTestId('checkin-window')).toHaveTextContent(
      'Room 1-203 · check-in 07:50–09:30',
    );
    await act(() => i18n.changeLanguage('kg'));
    expect(count.parentElement).toHaveTextContent('Белгиленгендер1 / 4');
  });

  it("shows a lesson's QR for the projector: the lesson, its group and count, no names", async () => {
    lmsStore.set(userAtom, testTeacher);
    const now = Date.now();
    openQrLesson(now, [
      { id_student: 1, s_fio: 'Алиев Азамат', marked: true, otsenka: null, source: 'qr', at: now },
    ]);
    renderInPortal(<App />, '/lms/schedule/qr/7/projector');
    const projector = await screen.findByTestId('projector');
    expect(await within(projector).findByTestId('lesson-qr')).toBeInTheDocument();
    expect(within(projector).getByRole('heading', { name: 'Базы данных' })).toBeVisible();
    expect(within(projector).getByTestId('qr-group')).toHaveTextContent('ПИ-1-25');
    expect(await within(projector).findByTestId('checkin-count')).toHaveTextContent('1 / 4');
    expect(within(projector).getByTestId('short-code')).toHaveTextContent('123456');
    expect(projector).not.toHaveTextContent('Алиев');
    expect(screen.queryByTestId('checkin-list')).not.toBeInTheDocument();
  });

  it("waits for a later lesson's window before asking for its QR, and says when it opens", async () => {
    lmsStore.set(userAtom, testTeacher);
    const now = Date.now();
    api.routes[SCHEDULE_API.qrTime.path] = ok({ now });
    api.routes[SCHEDULE_API.qrToday.path] = todayWith(now, 240, 340);
    renderInPortal(<App />, '/lms/schedule/qr/7');
    expect(await screen.findByTestId('qr-when')).toHaveTextContent('QR-код откроется в 07:50');
    expect(screen.getByText('Базы данных')).toBeInTheDocument();
    expect(api.bodiesOf(SCHEDULE_API.qr)).toEqual([]);
  });

  it("names the student's check-in screen for what it is", async () => {
    renderInPortal(<App />, '/lms/schedule/scan');
    const section = screen.getByRole('region', { name: 'Отметка по QR-коду' });
    expect(section).toHaveAttribute('data-width', 'normal');
    expect(within(section).getByText(/Нужен доступ к местоположению/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Мой телефон для отметки' })).toBeVisible();
  });
});
