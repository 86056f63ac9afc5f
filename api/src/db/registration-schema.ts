import type { Generated } from 'kysely';

// Discipline registration's tables (see migrations/0006_registration.ts).

/** Forms of control (id_examination): exam, credit, graded credit. */
export interface ControlFormTable {
  id: Generated<number>;
  name: string;
  /** Kyrgyz and English name (docs/i18n.md); null: the Russian one is shown. */
  name_kg: string | null;
  name_en: string | null;
}

/** A discipline of a group's study plan in one semester: mandatory or elective. */
export interface StudyPlanTable {
  id: Generated<number>;
  group_id: number;
  discipline_id: number;
  year_id: number;
  ws_id: number;
  credits: number;
  control_form_id: number;
  /** 1 = an elective the student may choose, 0 = mandatory. */
  is_elective: number;
}

/**
 * A stream: one teacher's seats for one lesson type of a discipline in a semester. The teaching
 * assignments of that teacher, discipline, lesson type and semester are attended only by the
 * stream's members (access/teaching.ts).
 */
export interface RegistrationStreamTable {
  id: Generated<number>;
  teacher_id: number;
  discipline_id: number;
  lesson_type_id: number;
  year_id: number;
  ws_id: number;
  name: string;
  /** Kyrgyz and English name (docs/i18n.md); null: the Russian one is shown. */
  name_kg: string | null;
  name_en: string | null;
  capacity: number;
  /** Members now; kept with the members in one transaction, never above capacity. */
  taken: number;
}

/** When a faculty's students may change their registrations (null faculty = every faculty). */
export interface RegistrationWindowTable {
  id: Generated<number>;
  year_id: number;
  ws_id: number;
  faculty_id: number | null;
  opens_at: number;
  closes_at: number;
  /** 1 = electives may be chosen in this window. */
  electives: number;
}

/** A student's registration for a discipline (id_disciplineForStudent). */
export interface DisciplineRegistrationTable {
  id: Generated<number>;
  student_id: number;
  discipline_id: number;
  year_id: number;
  ws_id: number;
  credits: number;
  control_form_id: number;
  is_by_plan: number;
  created_at: number;
}

/** The stream a registration attends for one lesson type. */
export interface RegistrationMemberTable {
  registration_id: number;
  stream_id: number;
  student_id: number;
  lesson_type_id: number;
  created_at: number;
}

/** Credits a student has registered for in a semester (the limit is checked against it). */
export interface RegistrationLoadTable {
  student_id: number;
  year_id: number;
  ws_id: number;
  credits: number;
}

/** A student's place on a stream's waiting list; the list is read in id order (migration 0024). */
export interface RegistrationWaitlistTable {
  id: Generated<number>;
  stream_id: number;
  student_id: number;
  /** waiting | promoted (registered into a freed seat) | skipped | left | declined */
  status: string;
  /** Why a promotion skipped the student (a refusal code of rules.ts). */
  reason: string | null;
  /** The registration a promotion made. */
  registration_id: number | null;
  joined_at: number;
  decided_at: number | null;
}

/** A registrar's hold: registration is blocked for the student until it is lifted. */
export interface RegistrationHoldTable {
  id: Generated<number>;
  student_id: number;
  note: string;
  /** The registrar (users.id) who set it. */
  set_by: number;
  created_at: number;
}

/** From when a year of study (of one faculty, or of all) may register in a semester. */
export interface RegistrationAppointmentTable {
  id: Generated<number>;
  year_id: number;
  ws_id: number;
  faculty_id: number | null;
  /** Year of study: 1 for first-year students. */
  course: number;
  opens_at: number;
}

export interface RegistrationTables {
  control_forms: ControlFormTable;
  study_plan: StudyPlanTable;
  registration_streams: RegistrationStreamTable;
  registration_windows: RegistrationWindowTable;
  discipline_registrations: DisciplineRegistrationTable;
  registration_members: RegistrationMemberTable;
  registration_loads: RegistrationLoadTable;
  registration_waitlist: RegistrationWaitlistTable;
  registration_holds: RegistrationHoldTable;
  registration_appointments: RegistrationAppointmentTable;
}
