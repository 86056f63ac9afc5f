import { ROLE, type SessionUser } from '@lms/shared/contract';
import type { AccessRepository } from '../../access/index.js';
import type { ScheduleOwner } from './repository.js';

/**
 * Whose week a user reads: a teacher's own lessons, a student's group's (or subgroup's). A
 * student without a group has none (undefined).
 */
export async function scheduleOwnerOf(
  access: AccessRepository,
  user: Pick<SessionUser, 'id' | 'role'>,
): Promise<ScheduleOwner | undefined> {
  if (user.role === ROLE.teacher) return { kind: 'teacher', teacherId: user.id };
  const placement = await access.placementOf(user.id);
  if (!placement) return undefined;
  return {
    kind: 'student',
    studentId: user.id,
    groupId: placement.groupId,
    subgroupId: placement.subgroupId,
  };
}
