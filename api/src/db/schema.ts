import type { RoleId } from '@lms/shared/contract';
import type { Generated, Insertable, Selectable } from 'kysely';
import type { AttachmentTable } from './attachments-schema.js';
import type { ChatMessageTable, ChatReadTable, ChatUnreadTable } from './chat-schema.js';
import type {
  AssessmentTable,
  EducationFormTable,
  JournalLessonTable,
  JournalMarkTable,
  JournalModuleTable,
  LessonTimeTable,
} from './journal-schema.js';
import type { MissingKeysTables } from './missing-keys-schema.js';
import type { PushTables } from './push-schema.js';
import type { RemoteHealthTables } from './remote-health-schema.js';
import type { OrdersTables } from './orders-schema.js';
import type { RegistrationTables } from './registration-schema.js';
import type { ScheduleTables } from './schedule-schema.js';
import type {
  PaymentCallbackTable,
  PaymentCodeTable,
  PaymentServiceTable,
  PaymentTable,
  PaySandboxCheckoutTable,
  ReceiptCounterTable,
} from './payments-schema.js';
import type {
  BookBaseCategoryTable,
  BookCategoryTable,
  EBookTable,
  LibraryFileHashTable,
  UmkExamTypeTable,
  UmkMaterialTable,
  UmkTypeTable,
  UmkVisitTable,
} from './library-schema.js';
import type { QuestionnairesTables } from './questionnaires-schema.js';
import type { StatementsTables } from './statements-schema.js';
import type { TestingTables } from './testing-schema.js';
import type { RoomsTables } from './rooms-schema.js';
import type { WorkloadTables } from './workload-schema.js';
import type { WebinarsTables } from './webinars-schema.js';
import type { AuditTables } from './audit-schema.js';

// Booleans are stored as 0/1 integers and instants as epoch milliseconds so that one set of
// queries runs unchanged on SQLite and PostgreSQL.

export interface FacultyTable {
  id: Generated<number>;
  name: string;
  /** Kyrgyz and English name (docs/i18n.md); null: the Russian one is shown. */
  name_kg: string | null;
  name_en: string | null;
  short_name: string;
  /** Kyrgyz and English short_name (docs/i18n.md); null: the Russian one is shown. */
  short_name_kg: string | null;
  short_name_en: string | null;
}

export interface DepartmentTable {
  id: Generated<number>;
  faculty_id: number;
  name: string;
  /** Kyrgyz and English name (docs/i18n.md); null: the Russian one is shown. */
  name_kg: string | null;
  name_en: string | null;
}

export interface SpecialityTable {
  id: Generated<number>;
  faculty_id: number;
  code: string;
  name: string;
  /** Kyrgyz and English name (docs/i18n.md); null: the Russian one is shown. */
  name_kg: string | null;
  name_en: string | null;
}

export interface GroupTable {
  id: Generated<number>;
  speciality_id: number;
  name: string;
  /** Kyrgyz and English name (docs/i18n.md); null: the Russian one is shown. */
  name_kg: string | null;
  name_en: string | null;
  /** Two-digit year of admission: the group SE-1-23 → 23. */
  admission_year: number;
}

export interface SubgroupTable {
  id: Generated<number>;
  group_id: number;
  name: string;
}

export interface PhotoTable {
  id: Generated<number>;
  mime: string;
  bytes: Buffer;
}

/** Personal data shared by teachers and students (the profile screen). */
export interface PersonTable {
  id: Generated<number>;
  full_name: string;
  gender: 'male' | 'female' | null;
  /** ISO date YYYY-MM-DD. */
  birth_date: string | null;
  nationality: string | null;
  /** Kyrgyz and English nationality (docs/i18n.md); null: the Russian one is shown. */
  nationality_kg: string | null;
  nationality_en: string | null;
  citizenship: string | null;
  /** Kyrgyz and English citizenship (docs/i18n.md); null: the Russian one is shown. */
  citizenship_kg: string | null;
  citizenship_en: string | null;
  inn: string | null;
  phone: string | null;
  education: string | null;
  /** Kyrgyz and English education (docs/i18n.md); null: the Russian one is shown. */
  education_kg: string | null;
  education_en: string | null;
  photo_id: number | null;
}

export interface TeacherTable {
  id: Generated<number>;
  person_id: number;
  department_id: number;
  position: string;
  /** Kyrgyz and English position (docs/i18n.md); null: the Russian one is shown. */
  position_kg: string | null;
  position_en: string | null;
}

export interface StudentTable {
  id: Generated<number>;
  person_id: number;
  group_id: number;
  subgroup_id: number | null;
}

export interface UserTable {
  id: Generated<number>;
  /** Stored trimmed and lower-cased; unique. */
  login: string;
  password_hash: string;
  role: RoleId;
  must_change_credentials: number;
  news_perms: number;
  /** May see and move the single window's document orders (0/1). */
  registrar_perms: Generated<number>;
  /** The quality office: builds and opens questionnaires (0/1; granted by the registrar). */
  quality_perms: Generated<number>;
  /** The department head: reads the workload of their department's teachers (0/1; granted). */
  head_perms: Generated<number>;
  /** Exactly one of teacher_id (role 1) and student_id (role 2) is set. */
  teacher_id: number | null;
  student_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface AcademicYearTable {
  /** Two-digit start year: 26 → '2026-27'. */
  id: number;
  name: string;
}

/** Semester kinds (ws): 1 fall, 2 spring, 3 summer. */
export interface WsTable {
  id: number;
  name: string;
  /** Kyrgyz and English name (docs/i18n.md); null: the Russian one is shown. */
  name_kg: string | null;
  name_en: string | null;
}

export interface DisciplineTable {
  id: Generated<number>;
  department_id: number;
  code: string;
  name: string;
  /** Kyrgyz and English name (docs/i18n.md); null: the Russian one is shown. */
  name_kg: string | null;
  name_en: string | null;
}

export interface LessonTypeTable {
  id: number;
  name: string;
  /** Kyrgyz and English name (docs/i18n.md); null: the Russian one is shown. */
  name_kg: string | null;
  name_en: string | null;
}

/** Who teaches what to whom: teacher × discipline × group (or subgroup) × lesson type × year × ws. */
export interface TeachingAssignmentTable {
  id: Generated<number>;
  teacher_id: number;
  discipline_id: number;
  group_id: number;
  subgroup_id: number | null;
  lesson_type_id: number;
  year_id: number;
  ws_id: number;
  /** The group's study semester (1..12) in which the discipline is taught. */
  study_semester: number;
  credits: number;
  is_elective: number;
}

export interface SessionTable {
  id: Generated<number>;
  /** sha256 of the cookie token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  /** The last request's time (written at most once a minute): the idle timeout's clock. */
  last_seen_at: Generated<number>;
}

/** A sign-in throttle counter (areas/auth/throttle-repository.ts). */
export interface LoginAttemptTable {
  key: string;
  attempts: number;
  last_at: number;
  /** Epoch ms before which the key's next attempt is refused. */
  next_at: number;
}

export interface UsefulLinkTable {
  id: Generated<number>;
  /** null = every role. */
  role: number | null;
  name: string;
  /** Kyrgyz and English name (docs/i18n.md); null: the Russian one is shown. */
  name_kg: string | null;
  name_en: string | null;
  url: string;
  sort_order: number;
}

/** The version of a cached area ('news'): the database moves it on every change. */
export interface DataVersionTable {
  name: string;
  version: number | string;
}

/** A news item; `author` is 'Role text|Full Name' as it was when posted. */
export interface NewsTable {
  id: Generated<number>;
  author_uid: number;
  author: string;
  message: string;
  audience: 'all' | 'teachers' | 'students';
  /** null = every faculty. */
  faculty_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface Database
  extends
    RegistrationTables,
    OrdersTables,
    ScheduleTables,
    MissingKeysTables,
    RemoteHealthTables,
    PushTables,
    QuestionnairesTables,
    StatementsTables,
    TestingTables,
    RoomsTables,
    WorkloadTables,
    WebinarsTables,
    AuditTables {
  faculties: FacultyTable;
  departments: DepartmentTable;
  specialities: SpecialityTable;
  groups: GroupTable;
  subgroups: SubgroupTable;
  photos: PhotoTable;
  persons: PersonTable;
  teachers: TeacherTable;
  students: StudentTable;
  users: UserTable;
  academic_years: AcademicYearTable;
  ws: WsTable;
  disciplines: DisciplineTable;
  lesson_types: LessonTypeTable;
  teaching_assignments: TeachingAssignmentTable;
  sessions: SessionTable;
  login_attempts: LoginAttemptTable;
  useful_links: UsefulLinkTable;
  news: NewsTable;
  /** Moved by triggers on every change of an area's table (migrations/0018_data_versions.ts). */
  data_versions: DataVersionTable;
  chat_messages: ChatMessageTable;
  chat_reads: ChatReadTable;
  chat_unread: ChatUnreadTable;
  attachments: AttachmentTable;
  education_forms: EducationFormTable;
  lesson_times: LessonTimeTable;
  assessments: AssessmentTable;
  journal_modules: JournalModuleTable;
  journal_lessons: JournalLessonTable;
  journal_marks: JournalMarkTable;
  payment_services: PaymentServiceTable;
  payment_codes: PaymentCodeTable;
  payments: PaymentTable;
  payment_callbacks: PaymentCallbackTable;
  paysandbox_checkouts: PaySandboxCheckoutTable;
  receipt_counters: ReceiptCounterTable;
  book_base_categories: BookBaseCategoryTable;
  book_categories: BookCategoryTable;
  umk_types: UmkTypeTable;
  umk_exam_types: UmkExamTypeTable;
  umk_materials: UmkMaterialTable;
  ebooks: EBookTable;
  library_file_hashes: LibraryFileHashTable;
  umk_visits: UmkVisitTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type NewPerson = Insertable<PersonTable>;
