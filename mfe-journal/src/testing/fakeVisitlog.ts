import type { InternalAxiosRequestConfig } from 'axios';
import { DISCIPLINE_API, http, VISITLOG_API, type JournalGridResponse } from '@lms/shared';
import {
  ok,
  refused,
  stubApi,
  testStudent,
  type Reply,
  type StubbedApi,
} from '@lms/shared/testing';

type Route = Reply | ((config: InternalAxiosRequestConfig) => Reply);

export const bodyOf = (config: InternalAxiosRequestConfig) =>
  (config.data ? JSON.parse(String(config.data)) : {}) as Record<string, unknown>;

/** The teacher of the tests (the session's). */
export const OWN_TEACHER = { id_teacher: 7, teacher: 'Асанов Бакыт', own: true };
/** A colleague giving the same lesson type to the group. */
export const COLLEAGUE = { id_teacher: 8, teacher: 'Петрова Анна', own: false };

const lessonOf = (owner: typeof OWN_TEACHER) => ({
  id_f_educ: 1,
  tema: '',
  id_module: null,
  ...owner,
});

/**
 * A journal of two students and two lessons, of the teacher's or of a colleague's, every cell
 * marked by hand.
 */
export function sampleJournal(own = OWN_TEACHER): JournalGridResponse {
  return {
    lessons: [
      { id_lesson: 11, date: '2026-09-07', id_time: 1, ...lessonOf(own) },
      { id_lesson: 12, date: '2026-09-14', id_time: 2, ...lessonOf(own) },
    ],
    rows: [
      {
        id_student: 101,
        s_fio: 'Абдыкадыров Азамат',
        marks: { '11': '5', '12': '4' },
        versions: { '11': 3, '12': 1 },
        sources: { '11': 'hand', '12': 'hand' },
        timesCount: 0,
        hours: 0,
        total: 9,
        average: 4.5,
        attendancePercent: 100,
      },
      {
        id_student: 102,
        s_fio: 'Бакирова Айпери',
        marks: { '11': 'н/б', '12': null },
        versions: { '11': 2, '12': 1 },
        sources: { '11': 'hand', '12': 'hand' },
        timesCount: 1,
        hours: 2,
        total: 0,
        average: null,
        attendancePercent: 50,
      },
    ],
    threshold: 70,
  };
}

/**
 * The sample journal on the day of a QR check-in: on the second lesson Бакирова checked in by
 * QR, and a third student of the group, Жолдошев, is not marked yet.
 */
export function checkInJournal(): JournalGridResponse {
  const journal = sampleJournal();
  const [first, second] = journal.rows;
  return {
    ...journal,
    rows: [
      first!,
      { ...second!, sources: { '11': 'hand', '12': 'qr' } },
      {
        id_student: 103,
        s_fio: 'Жолдошев Бекзат',
        marks: { '11': null },
        versions: { '11': 1 },
        sources: { '11': 'hand' },
        timesCount: 0,
        hours: 0,
        total: 0,
        average: null,
        attendancePercent: 100,
      },
    ],
  };
}

/** The visit-log API of the teacher's tests; `routes` may be changed by a test. */
export function stubVisitlog(overrides: Record<string, Route> = {}): StubbedApi {
  const journal = sampleJournal();
  return stubApi(http, {
    [DISCIPLINE_API.currentWs.path]: ok({ ws: 1, name: 'Осенний', active: [] }),
    [VISITLOG_API.disciplines.path]: ok([
      { id_discipline: 5, name: 'Базы данных', kredit: 5, isSelect: 0 },
      { id_discipline: 6, name: 'Алгоритмы', kredit: 4, isSelect: 0 },
    ]),
    [VISITLOG_API.groups.path]: ok([{ id_group: 21, name: 'ПИ-1-24', subgroups: [] }]),
    [VISITLOG_API.lessonTypes.path]: ok([
      { id_vid_zaniatiy: 1, name: 'Лекция' },
      { id_vid_zaniatiy: 2, name: 'Практика' },
    ]),
    [VISITLOG_API.assessments.path]: ok(
      ['5', '4', '3', '2', 'н/б'].map((value, index) => ({
        id_otsenka: index + 1,
        value,
        name: value,
      })),
    ),
    [VISITLOG_API.journal.path]: ok(journal),
    [VISITLOG_API.updateVisit.path]: ok({ sms: 'Посещаемость сохранена', version: 4 }),
    [VISITLOG_API.educationForms.path]: ok([{ id_f_educ: 1, name: 'Очная' }]),
    [VISITLOG_API.lessonTimes.path]: ok([
      { id_time: 1, name: 'Первая пара', start: '08:00', end: '09:20' },
      { id_time: 2, name: 'Вторая пара', start: '09:30', end: '10:50' },
    ]),
    ...overrides,
  });
}

/**
 * visitlog/studentstart.json as the server makes it, from what the stub's own routes answer now:
 * a failing part fails the whole answer (the page then asks for the parts one by one).
 */
export function studentStartOf(routes: StubbedApi['routes']): Route {
  return (config) => {
    const part = (path: string, body?: object) => {
      const route = routes[path];
      const reply =
        typeof route === 'function'
          ? route({ ...config, url: path, data: JSON.stringify(body ?? {}) })
          : route;
      if (!reply || !('status' in reply) || reply.status !== 200) throw new Error(path);
      return (reply.data as { data: unknown }).data;
    };
    try {
      const year = part(DISCIPLINE_API.currentYear.path) as { id_a_year: number };
      const ws = part(DISCIPLINE_API.currentWs.path) as { ws: number };
      const semester = { year: year.id_a_year, ws: ws.ws };
      const disciplines = part(DISCIPLINE_API.studentDisciplines.path, {
        uid: testStudent.uid,
        ...semester,
      }) as Array<{ id_discipline: number }>;
      const first = disciplines[0];
      const journal = first
        ? part(VISITLOG_API.studentJournal.path, {
            ...semester,
            id_discipline: first.id_discipline,
          })
        : null;
      return ok({ year, ws, disciplines, journal });
    } catch (error) {
      return refused(500, `studentstart.json: ${(error as Error).message} failed`);
    }
  };
}

export { ok, refused };
