import type { TFunction } from 'i18next';
import { ApiError, errorMessage } from '@lms/shared';

/**
 * A list that failed to load, worded for its kind (spec §8: disciplines, teachers, streams):
 * 'Could not load the teachers: <reason>'. Undefined while the list has not failed.
 */
export function loadFailure(
  t: TFunction,
  key: 'disciplines' | 'teachers' | 'streams' | 'list' | 'students',
  error: unknown,
): ApiError | undefined {
  if (error === null || error === undefined) return undefined;
  const message = t(`errors.${key}`, { reason: errorMessage(error) });
  return new ApiError('UNKNOWN_ERROR', message, { serverMessage: message });
}
