import type { InternalAxiosRequestConfig } from 'axios';
import { http, REGISTRATION_API, type Registration, type RegListResponse } from '@lms/shared';
import { ok, refused, stubApi, type Reply, type StubbedApi } from '@lms/shared/testing';

type Route = Reply | ((config: InternalAxiosRequestConfig) => Reply);

const R = '/api/regfordisciplines';

export const registered: Registration = {
  id_disciplineForStudent: 900,
  id_discipline: 41,
  discipline: 'Командный программный проект',
  id_kafedra: 1,
  kafedra: 'Кафедра программного обеспечения',
  kredits: 3,
  id_examination: 1,
  examination: 'Экзамен',
  isByPlan: 1,
  id_teacher: 7,
  t_fio: 'Асанов Бакыт Маратович',
  subgroup: 70,
  stream: 'Поток 1',
  lessons: [
    {
      id_vid_zaniatiy: 1,
      vid_zaniatiy: 'Лекция',
      id_teacher: 7,
      t_fio: 'Асанов Бакыт Маратович',
      subgroup: 70,
      stream: 'Поток 1',
    },
  ],
};

/** The credits of the demo student's group disciplines (taught without registration streams). */
export const GROUP_CREDITS = 27;

/** The semester's list as the server answers it: credits count the group's and the registered. */
export function regList(items: Registration[] = [registered]): RegListResponse {
  return {
    items,
    plan: [
      {
        id_discipline: 41,
        discipline: 'Командный программный проект',
        kredits: 3,
        id_examination: 1,
        examination: 'Экзамен',
        isByPlan: 1,
        id_disciplineForStudent: items.length > 0 ? 900 : null,
      },
    ],
    kredits: GROUP_CREDITS + items.reduce((sum, item) => sum + item.kredits, 0),
    kreditLimit: 35,
    window: {
      opensAt: '2026-11-09T06:00:00.000Z',
      closesAt: '2026-12-31T06:00:00.000Z',
      open: true,
      electives: true,
    },
  };
}

export const streams = [
  {
    subgroup: 81,
    name: 'Поток 1',
    id_teacher: 8,
    t_fio: 'Бакиев Нурлан',
    id_vid_zaniatiy: 1,
    vid_zaniatiy: 'Лекция',
    capacity: 30,
    taken: 30,
    free: 0,
  },
  {
    subgroup: 82,
    name: 'Поток 2',
    id_teacher: 8,
    t_fio: 'Бакиев Нурлан',
    id_vid_zaniatiy: 2,
    vid_zaniatiy: 'Практика',
    capacity: 20,
    taken: 5,
    free: 15,
  },
];

/**
 * start.json as the server makes it, from what the stub's own routes answer now: a failing part
 * fails the whole answer (the page then asks for the parts one by one).
 */
function startOf(routes: StubbedApi['routes']): Route {
  return (config) => {
    const part = (path: string, body?: object) => {
      const route = routes[`${R}/${path}.json`];
      const reply =
        typeof route === 'function'
          ? route({ ...config, url: `${R}/${path}.json`, data: JSON.stringify(body ?? {}) })
          : route;
      if (!reply || !('status' in reply) || reply.status !== 200) throw new Error(path);
      return (reply.data as { data: unknown }).data;
    };
    try {
      const year = part('getdefyear') as { id_a_year: number };
      const semesters = part('getsemesters', { id_a_year: year.id_a_year }) as Array<{
        id_semester: number;
      }>;
      const first = semesters[0];
      const term = first ? { id_a_year: year.id_a_year, id_semester: first.id_semester } : null;
      const permission = term && (part('optional/permission', term) as { allowed: boolean } | null);
      return ok({
        year,
        years: part('getyears'),
        semesters,
        term,
        list: term && part('getreglist', term),
        permission,
        electives: permission?.allowed ? part('optional/disciplines', term ?? {}) : null,
        waitlist: term && part('waitlist/status', term),
      });
    } catch (error) {
      return refused(500, `start.json: ${(error as Error).message} failed`);
    }
  };
}

/** The registration API of a student's tests; `routes` may be changed by a test. */
export function stubRegistration(overrides: Record<string, Route> = {}): StubbedApi {
  const api = stubApi(http, {
    [REGISTRATION_API.defaultYear.path]: ok({ id_a_year: 26, name: '2026-27' }),
    [REGISTRATION_API.years.path]: ok([
      { id_a_year: 26, name: '2026-27' },
      { id_a_year: 25, name: '2025-26' },
    ]),
    [REGISTRATION_API.semesters.path]: ok([{ id_semester: 1, name: 'Осенний' }]),
    [REGISTRATION_API.list.path]: ok(regList()),
    [REGISTRATION_API.electivePermission.path]: ok({ allowed: true, reason: null }),
    [REGISTRATION_API.electiveDisciplines.path]: ok([
      {
        id_discipline: 42,
        discipline: 'Машинное обучение',
        kredits: 4,
        id_examination: 3,
        examination: 'Дифференцированный зачёт',
        isByPlan: 0,
        id_disciplineForStudent: null,
      },
    ]),
    [REGISTRATION_API.electiveTeachers.path]: ok([{ id_teacher: 8, t_fio: 'Бакиев Нурлан' }]),
    [REGISTRATION_API.electiveStreams.path]: ok(streams),
    [REGISTRATION_API.save.path]: ok({
      id_disciplineForStudent: 901,
      sms: 'Регистрация сохранена',
    }),
    [REGISTRATION_API.remove.path]: ok({ sms: 'Регистрация удалена' }),
    [REGISTRATION_API.waitlistStatus.path]: ok(waitlistStatus),
    [REGISTRATION_API.waitlistJoin.path]: ok({ id: 5, position: 2, sms: 'Вы в листе ожидания' }),
    ...overrides,
  });
  api.routes[REGISTRATION_API.start.path] ??= startOf(api.routes);
  return api;
}

export { ok, refused };

/** The student's waiting lists, holds and appointment: nothing in the way. */
export const waitlistStatus = {
  entries: [],
  holds: [],
  appointment: null,
  now: '2026-11-16T03:40:00.000Z',
};

/** A teacher's streams of the semester: one with seats left, one full. */
export const teacherStreams = [
  {
    subgroup: 81,
    name: 'Поток 1',
    id_discipline: 42,
    discipline: 'Машинное обучение',
    id_vid_zaniatiy: 1,
    vid_zaniatiy: 'Лекция',
    capacity: 30,
    taken: 12,
    free: 18,
    waiting: 0,
    t_fio: 'Бакиев Нурлан',
  },
  {
    subgroup: 83,
    name: 'Поток 2',
    id_discipline: 43,
    discipline: 'Облачные технологии',
    id_vid_zaniatiy: 1,
    vid_zaniatiy: 'Лекция',
    capacity: 1200,
    taken: 1200,
    free: 0,
    waiting: 14,
    t_fio: 'Бакиев Нурлан',
  },
];

/** The registration API of a teacher's tests. */
export function stubTeacherRegistration(overrides: Record<string, Route> = {}): StubbedApi {
  return stubApi(http, {
    [REGISTRATION_API.defaultYear.path]: ok({ id_a_year: 26, name: '2026-27' }),
    [REGISTRATION_API.years.path]: ok([{ id_a_year: 26, name: '2026-27' }]),
    [REGISTRATION_API.semesters.path]: ok([{ id_semester: 1, name: 'Осенний' }]),
    [REGISTRATION_API.teacherStreams.path]: ok(teacherStreams),
    [REGISTRATION_API.teacherStudents.path]: ok([
      {
        num: 1,
        id_student: 501,
        s_fio: 'Жумабаева Айгерим Талантбековна',
        id_group: 7,
        group: 'ПИ-1-24',
        registeredAt: '2026-11-20T08:15:00.000Z',
      },
    ]),
    ...overrides,
  });
}
