import type { SessionUser } from '@lms/shared/contract';
import { assertSelf, hiddenRecord } from '../../access/index.js';
import type { RegistrationRepository } from './repository.js';
import type { StudentPlace, Term } from './rules.js';

// What the route files of every role read off a request alike (no routes here: each role's
// file registers its own).

/** The semester a body names. */
export const termOf = (body: { id_a_year: number; id_semester: number }): Term => ({
  yearId: body.id_a_year,
  ws: body.id_semester,
});

/** The signed-in student's place (403 for a uid that is not theirs, or no student). */
export async function studentOf(
  registration: Pick<RegistrationRepository, 'studentPlace'>,
  user: SessionUser,
  uid: number | undefined,
): Promise<StudentPlace> {
  assertSelf(user, { uid });
  const place = await registration.studentPlace(user.id);
  if (!place) throw hiddenRecord();
  return place;
}
