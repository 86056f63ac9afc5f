import { Type, type Static } from '@sinclair/typebox';
import { Id, Role } from './envelope.js';
import { withSchemas } from './endpoint.js';
import { AUTH_ADDRESSES } from './endpoints/auth.js';

/** The session user. uid = account id; id = person id (teacher id for role 1, student id for role 2). */
export const SessionUser = Type.Object({
  id: Id,
  uid: Id,
  role: Role,
  fullName: Type.String(),
  newsPerms: Type.Boolean(),
  /** May see and move the single window's document orders (registrar staff); absent = false. */
  registrarPerms: Type.Optional(Type.Boolean()),
  /** The quality office: builds and opens questionnaires (granted by the registrar); absent = false. */
  qualityPerms: Type.Optional(Type.Boolean()),
  /** The head of their department: reads its teachers' workload (granted); absent = false. */
  headPerms: Type.Optional(Type.Boolean()),
});
export type SessionUser = Static<typeof SessionUser>;

// Credentials are length-capped so a huge body cannot make the slow hash run for long.
const Login = Type.String({ maxLength: 100 });
const Password = Type.String({ maxLength: 200 });

/** POST /lms/api/auth/enticate.json. `token` is the client's non-secret token flag; the cookie decides. */
export const AuthenticateBody = Type.Object({
  token: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
});
export type AuthenticateBody = Static<typeof AuthenticateBody>;
export const AuthenticateResponse = Type.Object({ user: SessionUser });
export type AuthenticateResponse = Static<typeof AuthenticateResponse>;

/** POST /lms/api/auth/orize.json. Sets the `lms_session` cookie on success. */
export const AuthorizeBody = Type.Object({ login: Login, password: Password });
export type AuthorizeBody = Static<typeof AuthorizeBody>;
export const AuthorizeResponse = Type.Object({ user: SessionUser, token: Type.Literal(true) });
export type AuthorizeResponse = Static<typeof AuthorizeResponse>;

/** POST /lms/api/auth/recovery.json: LOG_PAS 1 only for right credentials that must be changed. */
export const RecoveryBody = Type.Object({ oldlog: Login, oldpas: Password });
export type RecoveryBody = Static<typeof RecoveryBody>;
export const RecoveryResponse = Type.Object({
  LOG_PAS: Type.Union([Type.Literal(0), Type.Literal(1)]),
});
export type RecoveryResponse = Static<typeof RecoveryResponse>;

/** POST /lms/api/auth/updatelogin.json. Success: `[{ sms: 'Логин и пароль успешно изменены' }]`. */
export const UpdateLoginBody = Type.Object({
  oldlog: Login,
  oldpas: Password,
  newlog: Login,
  newpas: Password,
});
export type UpdateLoginBody = Static<typeof UpdateLoginBody>;
/**
 * The change's answer: `sms` in the caller's language and `updated: true`. (Older servers
 * answered only with `sms`, whose Russian text contains 'изменены' on success, spec §4.)
 */
export const UpdateLoginResponse = Type.Array(
  Type.Object({ sms: Type.String(), updated: Type.Optional(Type.Literal(true)) }),
);
export type UpdateLoginResponse = Static<typeof UpdateLoginResponse>;

/** POST /lms/api/auth/logout.json. Always succeeds; clears the session cookie. */
export const LogoutBody = Type.Object({
  logout: Type.Optional(Type.Union([Type.Boolean(), Type.Integer(), Type.String()])),
});
export type LogoutBody = Static<typeof LogoutBody>;
export const LogoutResponse = Type.Object({ logout: Type.Literal(true) });
export type LogoutResponse = Static<typeof LogoutResponse>;

/** The sign-in and session endpoints for the API: each address with the schemas it validates. */
export const AUTH_ENDPOINTS = withSchemas(AUTH_ADDRESSES, {
  authenticate: { body: AuthenticateBody, response: AuthenticateResponse },
  authorize: { body: AuthorizeBody, response: AuthorizeResponse },
  recovery: { body: RecoveryBody, response: RecoveryResponse },
  updateLogin: { body: UpdateLoginBody, response: UpdateLoginResponse },
  logout: { body: LogoutBody, response: LogoutResponse },
});
