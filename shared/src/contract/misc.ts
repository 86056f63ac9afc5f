import { Type, type Static } from '@sinclair/typebox';
import { Id, Role } from './envelope.js';
import { withSchemas } from './endpoint.js';
import { MISC_ADDRESSES } from './endpoints/misc.js';

/** An academic year: id = the two-digit start year (24 → '2024-25'). */
export const AcademicYear = Type.Object({ id_a_year: Type.Integer(), name: Type.String() });
export type AcademicYear = Static<typeof AcademicYear>;

/** POST /lms/api/misc/photo.json: `photo` is base64 of the stored bytes, null when none. */
export const PhotoBody = Type.Object({ uid: Id, role: Role });
export type PhotoBody = Static<typeof PhotoBody>;
export const PhotoResponse = Type.Object({
  photo: Type.Union([Type.String(), Type.Null()]),
  mime: Type.Union([Type.String(), Type.Null()]),
});
export type PhotoResponse = Static<typeof PhotoResponse>;

/** POST /lms/api/misc/position.json (teachers only; id = the teacher's own id). */
export const PositionBody = Type.Object({ id: Id });
export type PositionBody = Static<typeof PositionBody>;
export const PositionResponse = Type.Object({
  position: Type.String(),
  department: Type.Union([Type.String(), Type.Null()]),
});
export type PositionResponse = Static<typeof PositionResponse>;

/** A link: `url` is absolute (external) or a portal path under /lms. */
export const Link = Type.Object({ name: Type.String(), url: Type.String() });
export type Link = Static<typeof Link>;

/** POST /lms/api/misc/settings.json: the portal areas the role may open and its defaults. */
export const SettingsBody = Type.Object({ role: Role });
export type SettingsBody = Static<typeof SettingsBody>;
export const Settings = Type.Object({
  role: Role,
  /** Area keys (i18n key and route segment), e.g. 'news', 'chat', 'journal', 'paymentcode'. */
  areas: Type.Array(Type.String()),
  defaults: Type.Object({
    id_a_year: Type.Integer(),
    yearName: Type.String(),
    /** Current semester kind: 1 fall, 2 spring, 3 summer. */
    ws: Type.Integer(),
    /** Default mobile tab (spec §2). */
    tab: Type.Integer(),
    language: Type.String(),
  }),
});
export type Settings = Static<typeof Settings>;

/** GET /lms/api/misc/defaultyear.json */
export const DefaultYearResponse = AcademicYear;
export type DefaultYearResponse = AcademicYear;

/** GET /lms/api/misc/years.json: newest first. */
export const YearsResponse = Type.Array(AcademicYear);
export type YearsResponse = Static<typeof YearsResponse>;

export const Faculty = Type.Object({ id_faculty: Id, name: Type.String() });
export type Faculty = Static<typeof Faculty>;

/** POST /lms/api/misc/registered-faculty-list.json (id = the caller's own person id). */
export const RegisteredFacultyListBody = Type.Object({ id: Id });
export type RegisteredFacultyListBody = Static<typeof RegisteredFacultyListBody>;
export const RegisteredFacultyListResponse = Type.Array(Faculty);
export type RegisteredFacultyListResponse = Static<typeof RegisteredFacultyListResponse>;

/** POST /lms/api/misc/dinurls.json: useful links for the session's role. `role`, if sent, must match. */
export const DinUrlsBody = Type.Object({ role: Type.Optional(Role) });
export type DinUrlsBody = Static<typeof DinUrlsBody>;
export const DinUrlsResponse = Type.Array(Link);
export type DinUrlsResponse = Static<typeof DinUrlsResponse>;

/** The profile settings and catalogue lists (/api/misc) endpoints for the API: each address with the schemas it validates. */
export const MISC_ENDPOINTS = withSchemas(MISC_ADDRESSES, {
  photo: { body: PhotoBody, response: PhotoResponse },
  position: { body: PositionBody, response: PositionResponse },
  settings: { body: SettingsBody, response: Settings },
  defaultYear: { response: DefaultYearResponse },
  years: { response: YearsResponse },
  registeredFaculties: { body: RegisteredFacultyListBody, response: RegisteredFacultyListResponse },
  dinUrls: { body: DinUrlsBody, response: DinUrlsResponse },
});
