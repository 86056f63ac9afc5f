import { Type, type Static } from '@sinclair/typebox';
import { Id, Role } from './envelope.js';
import { withSchemas } from './endpoint.js';
import { PROFILE_ADDRESSES } from './endpoints/profile.js';

const Text = Type.Union([Type.String(), Type.Null()]);

/** POST /lms/api/profile/data.json: only the session's own uid and role are accepted. */
export const ProfileDataBody = Type.Object({ uid: Id, role: Role });
export type ProfileDataBody = Static<typeof ProfileDataBody>;

/**
 * Personal data of the profile screen. `birthDate` is ISO `YYYY-MM-DD`; `gender` is 'male' | 'female'.
 * Students get group/speciality/faculty (position and department null); teachers the reverse
 * (faculty = the department's faculty).
 */
export const ProfileData = Type.Object({
  uid: Id,
  id: Id,
  role: Role,
  fullName: Type.String(),
  gender: Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Null()]),
  birthDate: Text,
  nationality: Text,
  citizenship: Text,
  inn: Text,
  phone: Text,
  education: Text,
  group: Text,
  speciality: Text,
  faculty: Text,
  position: Text,
  department: Text,
});
export type ProfileData = Static<typeof ProfileData>;

/** The profile endpoints for the API: each address with the schemas it validates. */
export const PROFILE_ENDPOINTS = withSchemas(PROFILE_ADDRESSES, {
  data: { body: ProfileDataBody, response: ProfileData },
});
