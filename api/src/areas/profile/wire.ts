import type {
  Faculty,
  Link,
  PhotoResponse,
  PositionResponse,
  ProfileData,
  SessionUser,
} from '@lms/shared/contract';
import type { LinkRow } from './links-repository.js';
import type { FacultyRow, PhotoRow, PositionRow, ProfileRow } from './repository.js';

/** The rows as the contract answers them (no SQL here: the repositories read the rows). */

/** The profile screen's card (spec §2), the same for teachers and students. */
export function toProfile(user: SessionUser, row: ProfileRow): ProfileData {
  return {
    uid: user.uid,
    id: user.id,
    role: user.role,
    fullName: row.full_name,
    gender: row.gender,
    birthDate: row.birth_date,
    nationality: row.nationality,
    citizenship: row.citizenship,
    inn: row.inn,
    phone: row.phone,
    education: row.education,
    group: row.group,
    speciality: row.speciality,
    faculty: row.faculty,
    position: row.position,
    department: row.department,
  };
}

/** The photo in base64; nulls for a person without one. */
export function toPhoto(row: PhotoRow | undefined): PhotoResponse {
  return row
    ? { photo: Buffer.from(row.bytes).toString('base64'), mime: row.mime }
    : { photo: null, mime: null };
}

/** The row is the answer. */
export const toPosition = (row: PositionRow): PositionResponse => row;

export function toFaculty(row: FacultyRow): Faculty {
  return { id_faculty: row.id, name: row.name };
}

/** The row is the answer. */
export const toLink = (row: LinkRow): Link => row;
