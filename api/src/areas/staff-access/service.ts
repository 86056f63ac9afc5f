import type { Language, StaffChangeBody, StaffChangeResponse } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import { hiddenRecord, type Actor } from '../../access/index.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { auditKeys, type AuditTrail } from '../audit/index.js';
import { STAFF_ACCESS_MESSAGES } from './messages.js';
import { createStaffAccessRepository, type StaffAccessRepository } from './repository.js';
import { changeRefusal, rightsAfter } from './rules.js';
import { memberOf } from './wire.js';

/** What the change needs besides the database: the trail, and the sessions to forget. */
export interface StaffAccessCollaborators {
  trail: AuditTrail;
  /** Makes this process read the account again on its next request (its rights changed). */
  forgetAccount: (uid: number) => void;
}

/**
 * Staff access's one write (built by the area's index.ts): a grant or revoke of a right, in ONE
 * transaction with its audit row. A refused change and one that changes nothing write neither.
 */
export function createStaffAccessService(
  db: Kysely<Database>,
  staff: StaffAccessRepository,
  { trail, forgetAccount }: StaffAccessCollaborators,
) {
  return {
    async change(
      lng: Language,
      actor: Actor & { userId: number },
      body: StaffChangeBody,
      now: number,
    ): Promise<StaffChangeResponse> {
      const changed = await db.transaction().execute(async (trx) => {
        // The trail's lock first: no other audited change of the account commits between the
        // read of its rights and the row that records them.
        await trail.hold(trx);
        const inTransaction = createStaffAccessRepository(trx);
        const target = await inTransaction.rightsOf(body.uid);
        const refusal = changeRefusal({ callerUid: actor.userId, target });
        if (refusal === 'notStaff') throw hiddenRecord();
        if (refusal) throw new ApiError(403, STAFF_ACCESS_MESSAGES[refusal]);
        const before = { quality: target!.quality, departmentHead: target!.departmentHead };
        const after = rightsAfter(before, body.permission, body.granted);
        if (after === null) return false;
        await inTransaction.setRight(body.uid, body.permission, body.granted, now);
        await trail.record(
          trx,
          actor,
          { kind: 'permission', key: auditKeys.record('users', body.uid), before, after },
          now,
        );
        return true;
      });
      if (changed) forgetAccount(body.uid);
      const member = await staff.member(lng, body.uid);
      if (!member) throw hiddenRecord();
      return { member: memberOf(member), changed };
    },
  };
}

export type StaffAccessService = ReturnType<typeof createStaffAccessService>;
