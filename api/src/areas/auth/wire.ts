import type { SessionUser } from '@lms/shared/contract';
import type { AccountRecord } from './users-repository.js';

/** The signed-in user the contract names (`auth/orize.json`'s answer, `request.auth.user`). */
export function sessionUserOf(account: AccountRecord): SessionUser {
  return {
    id: account.personId,
    uid: account.uid,
    role: account.role,
    fullName: account.fullName,
    newsPerms: account.newsPerms,
    registrarPerms: account.registrarPerms,
    qualityPerms: account.qualityPerms,
    headPerms: account.headPerms,
  };
}
