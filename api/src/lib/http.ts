import type { ApiEnvelope } from '@lms/shared/contract';

/** An expected failure: the error handler turns it into the envelope with this status. */
/**
 * The answer for a record the caller may not see, whether it exists or not: one status and one
 * message for both, so the ids of other people's records cannot be probed (403 vs 404).
 */
export function hiddenRecord(): ApiError {
  return new ApiError(403, MESSAGES.forbidden);
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 429,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function ok<T>(data: T): ApiEnvelope<T> & { result: false; error: null; data: T } {
  return { result: false, error: null, data };
}

export function failure(message: string): ApiEnvelope<never> & { result: true; error: string } {
  return { result: true, error: message, data: null };
}

/** Messages the client shows as they are (spec §4, §8). */
export const MESSAGES = {
  credentialsRequired: 'Введите имя пользователя и пароль',
  wrongCredentials: 'Неверное имя пользователя или пароль',
  mustChangeCredentials:
    'Необходимо сменить логин и пароль: введите текущие данные ещё раз, чтобы открыть форму смены',
  notAuthenticated: 'Сессия не найдена или истекла, войдите снова',
  forbidden: 'Доступ запрещён',
  teachersOnly: 'Доступно только преподавателям',
  studentsOnly: 'Доступно только студентам',
  xsrf: 'Запрос отклонён: отсутствует или неверный XSRF-токен',
  notFound: 'Не найдено',
  internal: 'Внутренняя ошибка сервера',
} as const;
