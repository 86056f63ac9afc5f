import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DISCIPLINE_API,
  http,
  i18n,
  lmsStore,
  pathWithQuery,
  SCHEDULE_API,
  userAtom,
  type ScheduleLesson,
} from '@lms/shared';
import {
  ok,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import { readStored } from '../storage';
import { ScheduleScreen } from './ScheduleScreen';

let api: StubbedApi;
signInForEachTest();

const lesson: ScheduleLesson = {
  idShed: 11,
  day_number: 2,
  id_time: 3,
  week_kind: 0,
  start: '11:00',
  end: '12:20',
  id_discipline: 4,
  discipline: 'Базы данных',
  id_vid_zaniatiy: 1,
  lessonType: 'Лекция',
  id_group: 5,
  group: 'ПИ-1-24',
  id_subgroup: null,
  subgroup: null,
  audid: 6,
  auditoryName: '1-203',
  id_teacher: 7,
  teacher: 'Асанов А. А.',
};

beforeEach(() => {
  api = stubApi(http, {
    [DISCIPLINE_API.currentWs.path]: ok({ ws: 1, name: 'Осенний', active: [] }),
    [DISCIPLINE_API.currentYear.path]: ok({ id_a_year: 26, name: '2026-27' }),
    [SCHEDULE_API.studentWeek.path]: ok({
      version: 'v1',
      changed: true,
      days: [{ day_number: 2, lessons: [lesson] }],
      today: { date: '2026-11-17', day_number: 2, lessons: [lesson.idShed] },
    }),
  });
});
afterEach(() => {
  api.restore();
  localStorage.clear();
});

describe('the schedule', () => {
  it("shows the week's lessons and keeps them on the device", async () => {
    renderInPortal(<ScheduleScreen />, '/lms/schedule');
    expect(await screen.findByText('Базы данных')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Вторник/ })).toBeInTheDocument();
    expect(screen.getByText('Третья пара')).toBeInTheDocument();
    expect(screen.getByText(/1-203/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /iCalendar/ })).toHaveAttribute(
      'href',
      expect.stringContaining(pathWithQuery(SCHEDULE_API.export, { year: 26, ws: 1 })),
    );
    const uid = (api.bodiesOf(SCHEDULE_API.studentWeek)[0] as { id: number }).id;
    expect(uid).toBeGreaterThan(0);
  });

  it("lists the group's online lessons, a cancelled one marked, linking to the webinars", async () => {
    const webinar = {
      id: 41,
      date: '2026-11-18',
      start: '14:00',
      end: '15:20',
      starts_at: Date.parse('2026-11-18T08:00:00Z'),
      duration: 80,
      id_group: 5,
      group: 'ПИ-1-24',
      id_discipline: 4,
      discipline: 'Онлайн-лекция по базам данных',
      id_teacher: 7,
      teacher: 'Асанов А. А.',
      cancelled: false,
      state: 'scheduled' as const,
    };
    api.routes[SCHEDULE_API.studentWeek.path] = ok({
      version: 'v2',
      changed: true,
      days: [{ day_number: 2, lessons: [lesson] }],
      today: { date: '2026-11-17', day_number: 2, lessons: [] },
      webinars: [webinar, { ...webinar, id: 42, cancelled: true, state: 'cancelled' }],
    });
    renderInPortal(<ScheduleScreen />, '/lms/schedule');
    const online = await screen.findByRole('region', { name: 'Онлайн-занятия' });
    const items = within(online).getAllByTestId('schedule-webinar');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('18.11.2026 14:00–15:20');
    expect(within(items[0]!).getAllByRole('link')[0]).toHaveAttribute('href', '/lms/webinars');
    expect(items[1]).toHaveTextContent('Отменено');
  });

  it("names a subgroup's lesson by its group and subgroup, in the reader's language", async () => {
    const lab = { ...lesson, idShed: 12, id_time: 4, id_subgroup: 9, subgroup: '1' };
    api.routes[SCHEDULE_API.studentWeek.path] = ok({
      version: 'v1',
      changed: true,
      days: [{ day_number: 2, lessons: [lesson, lab] }],
      today: { date: '2026-11-17', day_number: 2, lessons: [] },
    });
    renderInPortal(<ScheduleScreen />, '/lms/schedule');
    expect(await screen.findByText(/ПИ-1-24, подгруппа 1 · ауд\./)).toBeInTheDocument();
    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByText(/ПИ-1-24, 1-топчо ·/)).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText(/ПИ-1-24, subgroup 1 · room/)).toBeInTheDocument();
  });

  it('asks with the stored version and keeps the stored week when unchanged', async () => {
    renderInPortal(<ScheduleScreen />, '/lms/schedule');
    await screen.findByText('Базы данных');
    const stored = Object.keys(localStorage).find((key) => key.startsWith('schedule:'));
    expect(stored).toBeDefined();
    const [, uid] = stored!.split(':');
    expect(readStored(Number(uid), 26, 1)?.version).toBe('v1');
  });

  it("marks today by the server's clock, whatever this device's clock and zone say", async () => {
    // The device thinks it is Monday evening; the university is on Tuesday.
    jest.useFakeTimers({
      now: new Date('2026-11-16T19:40:00'),
      doNotFake: [
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'setImmediate',
        'clearImmediate',
        'nextTick',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'hrtime',
        'performance',
      ],
    });
    try {
      renderInPortal(<ScheduleScreen />, '/lms/schedule');
      expect(await screen.findByRole('heading', { name: /Вторник · сегодня/ })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Отметиться по QR-коду' })).toHaveAttribute(
        'href',
        '/lms/schedule/scan',
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('offers no check-in for a lesson the server does not count as today', async () => {
    api.restore();
    api = stubApi(http, {
      [DISCIPLINE_API.currentWs.path]: ok({ ws: 1, name: 'Осенний', active: [] }),
      [DISCIPLINE_API.currentYear.path]: ok({ id_a_year: 26, name: '2026-27' }),
      [SCHEDULE_API.studentWeek.path]: ok({
        version: 'v1',
        changed: true,
        days: [{ day_number: 2, lessons: [lesson] }],
        // Tuesday, but an even week: the odd-week lesson is not today.
        today: { date: '2026-11-24', day_number: 2, lessons: [] },
      }),
    });
    renderInPortal(<ScheduleScreen />, '/lms/schedule');
    expect(await screen.findByText('Базы данных')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Отметиться по QR-коду' })).not.toBeInTheDocument();
  });

  it("offers a teacher a lesson's QR inside its window only, and says when it opens", async () => {
    lmsStore.set(userAtom, testTeacher);
    const later = { ...lesson, idShed: 12, id_time: 5, start: '14:30', end: '15:50' };
    const earlier = { ...lesson, idShed: 10, id_time: 1, start: '08:00', end: '09:20' };
    const now = Date.now();
    const window = (idShed: number, start: number, end: number, from: string, to: string) => ({
      ...{ idShed, discipline: 'Базы данных', lessonType: 'Лекция', group: 'ПИ-1-24' },
      ...{ subgroup: null, auditoryName: '1-203', windowFrom: from, windowTo: to },
      ...{ windowStart: now + start * 60_000, windowEnd: now + end * 60_000 },
    });
    api.routes[SCHEDULE_API.teacherWeek.path] = ok({
      version: 'v1',
      changed: true,
      days: [{ day_number: 2, lessons: [earlier, lesson, later] }],
      today: { date: '2026-11-17', day_number: 2, lessons: [10, 11, 12] },
    });
    api.routes[SCHEDULE_API.qrToday.path] = ok({
      now,
      date: '2026-11-17',
      lessons: [
        window(10, -190, -90, '07:50', '09:30'),
        window(11, -10, 90, '10:50', '12:30'),
        window(12, 200, 290, '14:20', '16:00'),
      ],
    });
    renderInPortal(<ScheduleScreen />, '/lms/schedule');
    const links = await screen.findAllByRole('link', { name: 'Показать QR-код' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/lms/schedule/qr/11']);
    const row = (idShed: number) =>
      screen.getAllByTestId('schedule-lesson').find((li) => li.dataset.idShed === String(idShed))!;
    expect(within(row(12)).getByTestId('qr-when')).toHaveTextContent('QR-код откроется в 14:20');
    expect(within(row(10)).getByTestId('qr-when')).toHaveTextContent(
      'Отметка по QR-коду закончилась в 09:30',
    );
    await act(() => i18n.changeLanguage('kg'));
    expect(within(row(12)).getByTestId('qr-when')).toHaveTextContent('QR-код саат 14:20 ачылат');
    await act(() => i18n.changeLanguage('en'));
    expect(within(row(12)).getByTestId('qr-when')).toHaveTextContent('The QR code opens at 14:20');
    await act(() => i18n.changeLanguage('ru'));
  });

  it("says whether this week is odd or even and folds the other week's lessons of a slot", async () => {
    const odd = { ...lesson, idShed: 21, week_kind: 1, discipline: 'Сети' };
    const even = { ...lesson, idShed: 22, week_kind: 2, discipline: 'Физика' };
    api.restore();
    api = stubApi(http, {
      [DISCIPLINE_API.currentWs.path]: ok({ ws: 1, name: 'Осенний', active: [] }),
      [DISCIPLINE_API.currentYear.path]: ok({ id_a_year: 26, name: '2026-27' }),
      [SCHEDULE_API.studentWeek.path]: ok({
        version: 'v1',
        changed: true,
        days: [{ day_number: 2, lessons: [lesson, odd, even] }],
        // Tuesday of ISO week 47: an odd week.
        today: { date: '2026-11-17', day_number: 2, lessons: [lesson.idShed, odd.idShed] },
      }),
    });
    const user = userEvent.setup();
    renderInPortal(<ScheduleScreen />, '/lms/schedule');
    const parity = await screen.findByTestId('week-parity');
    expect(parity).toHaveTextContent('Эта неделя — нечётная');
    const tuesday = screen.getByRole('region', { name: /Вторник/ });
    // This week's lessons are listed; the even week's one is folded away, said as such.
    expect(within(tuesday).getByText('Сети')).toBeVisible();
    const folded = within(tuesday).getByTestId('other-week');
    expect(folded).not.toHaveAttribute('open');
    expect(within(folded).getByText('По чётным неделям, не на этой: 1')).toBeInTheDocument();
    expect(within(folded).getByText('Физика')).toBeInTheDocument();
    await user.click(within(folded).getByText('По чётным неделям, не на этой: 1'));
    expect(folded).toHaveAttribute('open');

    await act(() => i18n.changeLanguage('kg'));
    // In Kyrgyz "так" is odd and "жуп" even ("так эмес", "not odd", would send readers on the
    // wrong weeks).
    expect(within(parity).getByText('Бул жума — так')).toBeInTheDocument();
    expect(parity).not.toHaveTextContent('так эмес');
    expect(folded).toHaveTextContent('Жуп жумаларда, бул жумада эмес: 1');
    await act(() => i18n.changeLanguage('en'));
    expect(parity).toHaveTextContent('This week is odd');
    expect(folded).toHaveTextContent('Even weeks, not this one: 1');
    await act(() => i18n.changeLanguage('ru'));
  });
});
