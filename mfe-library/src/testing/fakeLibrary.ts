import type { InternalAxiosRequestConfig } from 'axios';
import {
  http,
  LIBRARY_API,
  lmsStore,
  ROLE,
  UMK_API,
  userAtom,
  type EBook,
  type UmkItem,
} from '@lms/shared';
import { ok, refused, stubApi, type Reply, type StubbedApi } from '@lms/shared/testing';

type Route = Reply | ((config: InternalAxiosRequestConfig) => Reply);

export const bodyOf = (config: InternalAxiosRequestConfig) =>
  (config.data && typeof config.data === 'string' ? JSON.parse(config.data) : {}) as Record<
    string,
    unknown
  >;

export function sampleBook(overrides: Partial<EBook> = {}): EBook {
  return {
    id_eBook: 1,
    nameBook: 'Линейная алгебра: учебник',
    author: 'Асанов К. Т.',
    description: 'Матрицы и определители.',
    totalPages: 240,
    id_bookCategory: 1,
    categoryName: 'Математика',
    fileName: 'Линейная алгебра учебник.pdf',
    size: 2048,
    mediaType: 'application/pdf',
    added: Date.UTC(2026, 8, 1),
    downloads: 3,
    isFromUmk: false,
    isMine: false,
    ...overrides,
  };
}

export function sampleMaterial(overrides: Partial<UmkItem> = {}): UmkItem {
  return {
    idBook: 7,
    umkName: 'Базы данных: лекции',
    author: 'Асанов К. Т.',
    description: '',
    totalPages: 40,
    id_semester: 3,
    id_discipline: 5,
    id_typeUmk: 2,
    typeName: 'Лекции',
    id_examination: 1,
    examName: 'Экзамен',
    id_forStudentKind: 'all',
    kind: 'manual',
    isForEBooks: false,
    id_bookCategory: null,
    id_teacher: 1,
    t_fio: 'Асанов Канат Токтогулович',
    fileName: 'Лекции по базам данных.pdf',
    size: 4096,
    mediaType: 'application/pdf',
    added: Date.UTC(2026, 8, 1),
    downloads: 0,
    canEdit: false,
    isNew: false,
    ...overrides,
  };
}

/** The library's and the materials' API with one category and the given answers. */
/**
 * umk/start.json as the server makes it, from what the stub's own routes for the signed-in
 * user's role answer now: a failing part fails the whole answer.
 */
function umkStartOf(routes: StubbedApi['routes']): Route {
  return (config) => {
    const teacher = lmsStore.get(userAtom)?.role === ROLE.teacher;
    const part = (path: string, body: object = {}) => {
      const url = `/api/umk/${path}.json`;
      const route = routes[url];
      const reply =
        typeof route === 'function' ? route({ ...config, url, data: JSON.stringify(body) }) : route;
      if (!reply || !('status' in reply) || reply.status !== 200) throw new Error(path);
      return (reply.data as { data: unknown }).data;
    };
    try {
      const semesters = part(teacher ? 'semesters' : 'semestersforstud') as Array<{
        id_semester: number;
      }>;
      const id_semester = semesters[0]?.id_semester ?? null;
      const disciplines =
        id_semester === null
          ? null
          : (part(teacher ? 'disciplines' : 'disciplinesforstud', { id_semester }) as Array<{
              id_discipline: number;
            }>);
      const id_discipline = disciplines?.[0]?.id_discipline ?? null;
      const body = { id_semester, id_discipline };
      const chosen = id_semester !== null && id_discipline !== null;
      return ok({
        semesters,
        types: part('types'),
        id_semester,
        disciplines,
        id_discipline,
        teachers: chosen ? part('getumkteachers', body) : null,
        list: chosen
          ? part(teacher ? 'umklist' : 'getumklistforstud', {
              ...body,
              id_typeUmk: -1,
              id_teacher: -1,
            })
          : null,
      });
    } catch (error) {
      return refused(500, `start.json: ${(error as Error).message} failed`);
    }
  };
}

export function stubLibrary(overrides: Record<string, Route> = {}): StubbedApi {
  const api = stubApi(http, {
    '/config.json': { status: 200, data: { uploadLimitBytes: 20 * 1024 * 1024 } },
    [LIBRARY_API.baseCategories.path]: ok([{ id_baseBookCategory: 1, name: 'Естественные науки' }]),
    [LIBRARY_API.bookCategories.path]: ok([
      { id_bookCategory: 1, id_baseBookCategory: 1, name: 'Математика', count: 1 },
    ]),
    [LIBRARY_API.books.path]: ok({
      items: [sampleBook()],
      total: 1,
      found: null,
      page: 1,
      pageSize: 50,
    }),
    [UMK_API.semesters.path]: ok([{ id_semester: 3 }]),
    [UMK_API.studentSemesters.path]: ok([{ id_semester: 3 }]),
    [UMK_API.disciplines.path]: ok([{ id_discipline: 5, name: 'Базы данных' }]),
    [UMK_API.studentDisciplines.path]: ok([{ id_discipline: 5, name: 'Базы данных' }]),
    [UMK_API.types.path]: ok([
      { id_typeUmk: 1, name: 'Силлабус' },
      { id_typeUmk: 2, name: 'Лекции' },
    ]),
    [UMK_API.examTypes.path]: ok([{ id_examination: 1, name: 'Экзамен' }]),
    [UMK_API.bookCategories.path]: ok([
      {
        id_bookCategory: 1,
        id_baseBookCategory: 1,
        name: 'Естественные науки / Математика',
        count: 1,
      },
    ]),
    [UMK_API.teachers.path]: ok([{ id_teacher: 1, t_fio: 'Асанов Канат Токтогулович' }]),
    [UMK_API.list.path]: ok([sampleMaterial({ canEdit: true })]),
    [UMK_API.studentList.path]: ok([sampleMaterial({ isNew: true })]),
    ...overrides,
  });
  api.routes[UMK_API.start.path] ??= umkStartOf(api.routes);
  return api;
}
