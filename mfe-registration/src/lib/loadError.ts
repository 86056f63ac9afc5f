import type { TFunction } from 'i18next';
import { errorMessage, UserError } from '@lms/shared';

/**
 * A list that failed to load, worded for its kind (spec §8: disciplines, teachers, streams):
 * 'Could not load the teachers: <reason>'. Undefined while the list has not failed.
 */
export function loadFailure(
  t: TFunction,
  key:
    'disciplines' | 'teachers' | 'streams' | 'list' | 'students' | 'waitlist' | 'holds' | 'slots',
  error: unknown,
): UserError | undefined {
  if (error === null || error === undefined) return undefined;
  return new UserError(t(`errors.${key}`, { reason: errorMessage(error) }), { cause: error });
}
