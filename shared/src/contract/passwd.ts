import { Type, type Static } from '@sinclair/typebox';
import { Id, Role } from './envelope.js';
import { withSchemas } from './endpoint.js';
import { PASSWD_ADDRESSES } from './endpoints/passwd.js';

/** POST /lms/api/passwd/reset.json: new password ≥ 4 chars (spec §5); other sessions are revoked. */
export const PasswdResetBody = Type.Object({
  password: Type.String({ maxLength: 200 }),
  newPassword: Type.String({ maxLength: 200 }),
  uid: Id,
  role: Role,
});
export type PasswdResetBody = Static<typeof PasswdResetBody>;
export const PasswdResetResponse = Type.Object({
  message: Type.Literal('Password changed successfully'),
});
export type PasswdResetResponse = Static<typeof PasswdResetResponse>;

/** The password change endpoints for the API: each address with the schemas it validates. */
export const PASSWD_ENDPOINTS = withSchemas(PASSWD_ADDRESSES, {
  reset: { body: PasswdResetBody, response: PasswdResetResponse },
});
