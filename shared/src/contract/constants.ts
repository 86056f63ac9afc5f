// Contract constants without TypeBox: the browser entry (@lms/shared) and the server
// (@lms/shared/contract) import these same values, so a limit is written once.

/** The two roles that enter the portal (spec §3 "User"). */
export const ROLE = { teacher: 1, student: 2 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

/** The id of the `' --- '` placeholder entry the spec puts first in selection lists. */
export const PLACEHOLDER_ID = -1;

/** Chat page size (spec §9): a page of fewer messages means there are no more that way. */
export const CHAT_PAGE_SIZE = 20;
/** The contact id of a discipline group's chat (spec §3, §9). */
export const GROUP_CHAT_ID = -1;
/** Longest chat message the composer and the server accept. */
export const CHAT_MESSAGE_MAX_LENGTH = 10_000;
/** Most attachments one chat message may carry. */
export const CHAT_MAX_FILES = 10;

/** Longest message the compose form and the server accept. */
export const NEWS_MESSAGE_MAX_LENGTH = 5000;
/** Most attachments one news item may carry. */
export const NEWS_MAX_FILES = 10;
/** Items per page of news/data.json (page 1 is the newest). */
export const NEWS_PAGE_SIZE = 10;

/**
 * The portal's remotes, by federation name: the one list of them. Each is built from the folder
 * `mfe-<name>` and served at `/lms/public/<name>/` until the registry points elsewhere.
 */
export const REMOTE_NAMES = [
  'news',
  'chat',
  'journal',
  'library',
  'registration',
  'finance',
  'planning',
  'records',
  'testing',
  'campus',
  'manual',
] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** What a room may be equipped with (the rooms area stores a bit each, in this order). */
export const ROOM_EQUIPMENT = [
  'projector',
  'computers',
  'smartboard',
  'audio',
  'videoconf',
] as const;
export type RoomEquipment = (typeof ROOM_EQUIPMENT)[number];

/** Why a teacher books a room: an extra lesson, a consultation, an exam. */
export const BOOKING_KINDS = ['extra', 'consultation', 'exam'] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

/** The journal's absence mark (spec §9): counted as an absence, never added to the score sum. */
export const ABSENCE_MARK = 'н/б';
/** Academic hours one missed lesson (a pair) counts as. */
export const JOURNAL_HOURS_PER_LESSON = 2;
/** Attendance below this percent is flagged in the journal unless configured otherwise. */
export const JOURNAL_ATTENDANCE_THRESHOLD = 70;
/** Longest lesson topic (tema) the journal accepts. */
export const JOURNAL_TOPIC_MAX_LENGTH = 500;

/** The lesson orders of a day (spec §3 "Lesson order values: first to fifth"): id_time 1..5. */
export const LESSON_ORDERS = [
  { id_time: 1, name: 'Первая пара', start: '08:00', end: '09:20' },
  { id_time: 2, name: 'Вторая пара', start: '09:30', end: '10:50' },
  { id_time: 3, name: 'Третья пара', start: '11:00', end: '12:20' },
  { id_time: 4, name: 'Четвёртая пара', start: '13:00', end: '14:20' },
  { id_time: 5, name: 'Пятая пара', start: '14:30', end: '15:50' },
] as const;
export type LessonOrderId = (typeof LESSON_ORDERS)[number]['id_time'];

/** Amounts are integers in tyiyn, the smallest unit of the som (KGS): 1 som = 100 tyiyn. */
export const TYIYN_PER_SOM = 100;
/** The largest single card payment the portal accepts, in tyiyn (1 000 000 som). */
export const PAYMENT_MAX_AMOUNT = 100_000_000;
/**
 * A payment's life: created → pending (at the provider) → paid | declined | expired | cancelled
 * (by the student). `refund`: the provider charged it but the code was already paid (or the
 * payment cancelled): not counted, no receipt, the money is to be returned.
 */
export const PAYMENT_STATUSES = [
  'created',
  'pending',
  'paid',
  'declined',
  'expired',
  'cancelled',
  'refund',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** A payment still open at the provider: at most one per code. */
export const PAYMENT_OPEN_STATUSES = [
  'created',
  'pending',
] as const satisfies readonly PaymentStatus[];
/** Books per page of library/getbooklist.json. */
export const LIBRARY_PAGE_SIZE = 50;
/** Longest search text of the book list. */
export const LIBRARY_SEARCH_MAX_LENGTH = 200;
/** A registrar's search for a student (registration holds): the trimmed text's length. */
export const STUDENT_SEARCH_MIN_LENGTH = 2;
export const STUDENT_SEARCH_MAX_LENGTH = 100;
/** Most students one search answers; more matches ask the registrar to refine it. */
export const STUDENT_SEARCH_LIMIT = 20;
/** Book search modes (spec §4): 1 by name, 2 (anything else) by author. */
export const LIBRARY_SEARCH_MODE = { name: 1, author: 2 } as const;
/** Who a teaching material is for (spec §3 "Teaching material": all, full-time, distance). */
export const UMK_AUDIENCES = ['all', 'full_time', 'distance'] as const;
export type UmkAudience = (typeof UMK_AUDIENCES)[number];
/** What a teaching material is (spec §3: e-books, normative documents, manuals). */
export const UMK_KINDS = ['ebook', 'normative', 'manual'] as const;
export type UmkKind = (typeof UMK_KINDS)[number];
/** Longest name, author and description of a book or a teaching material. */
export const BOOK_NAME_MAX_LENGTH = 300;
export const BOOK_AUTHOR_MAX_LENGTH = 200;
export const BOOK_DESCRIPTION_MAX_LENGTH = 4000;
/** Most pages a book may declare. */
export const BOOK_MAX_PAGES = 100_000;

/**
 * A document order's life (spec §9): waiting → preparing → prepared, one step at a time; the
 * student may cancel it only while waiting (the order stays, cancelled, and moves no more).
 */
export const ORDER_STATUSES = ['waiting', 'preparing', 'prepared', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The one status the registrar may move an order to from each status (none: it is final). */
export const ORDER_NEXT_STATUS: Readonly<Partial<Record<OrderStatus, OrderStatus>>> = {
  waiting: 'preparing',
  preparing: 'prepared',
};
/** Longest registrar comment on an order ("ready at room 105"). */
export const ORDER_COMMENT_MAX_LENGTH = 300;
/** How far ahead a document may be ordered for, in days. */
export const ORDER_MAX_DAYS_AHEAD = 365;
// ---- Schedule and QR attendance (contract/schedule.ts) ----

/** Days of the teaching week: 1 Monday … 6 Saturday. */
export const SCHEDULE_DAYS = [1, 2, 3, 4, 5, 6] as const;
/** Spec §4/§9: the stored schedule is refreshed when it is this old (and it is the weekend). */
export const SCHEDULE_REFRESH_MS = 604_800_000;
/** Spec §9: the semester asked for when none is known. */
export const SCHEDULE_DEFAULT_WS = 2;
/** How a journal mark was made. */
export const MARK_SOURCES = ['qr', 'manual', 'insert-all'] as const;
export type MarkSource = (typeof MARK_SOURCES)[number];
/** The typed fallback code beside the QR: this many digits. */
export const QR_SHORT_CODE_LENGTH = 6;

/** Why a visit was refused: the error text is this reason in the student's language. */
export const QR_REFUSALS = [
  'tokenInvalid',
  'tokenExpired',
  'codeWrong',
  'tooManyCodes',
  'wrongLesson',
  'wrongRoom',
  'closed',
  'outsideWindow',
  'outsideGeofence',
  'inaccurate',
  'notInGroup',
  'notInStream',
  'deviceUsed',
  'passkeyMissing',
  'passkeyUnknown',
  'passkeyForeign',
  'passkeyUsed',
  'passkeyInvalid',
  'challengeExpired',
  'passkeyExists',
  'passkeyTaken',
  'passkeyHidden',
] as const;
export type QrRefusal = (typeof QR_REFUSALS)[number];

/**
 * The one policy for a new password, for the first-login change and the password change alike:
 * at least NEW_PASSWORD_MIN_LENGTH characters with a digit, an uppercase and a lowercase letter.
 * The forms show it as their hint and check it before sending; the server enforces it.
 */
export const NEW_PASSWORD_MIN_LENGTH = 6;
export const NEW_PASSWORD_MAX_LENGTH = 200;

export function isStrongPassword(password: string): boolean {
  return (
    password.length >= NEW_PASSWORD_MIN_LENGTH &&
    password.length <= NEW_PASSWORD_MAX_LENGTH &&
    /\d/.test(password) &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password)
  );
}

/**
 * The provider's page sends the payer back to the portal's return address (the payment page
 * with `?payment=<id>`). When it refused to charge because the payment was no longer open there
 * (paid in another tab, declined, cancelled, expired), it adds this parameter with what it found;
 * the page then says what became of the payment and of the money, from the payment's own state.
 */
export const PAYMENT_REFUSED_PARAM = 'refused';
/** What the provider's page found, as that parameter says it. */
export type PaymentClosedReason = 'paid' | 'declined' | 'cancelled' | 'expired';

// Course evaluations (questionnaires.ts).
/** The longest title and item text, in each language. */
export const QUESTIONNAIRE_TEXT_MAX_LENGTH = 300;
/** The longest free-text answer. */
export const QUESTIONNAIRE_ANSWER_MAX_LENGTH = 2000;
/** At most this many items in one questionnaire, and this many options in one choice item. */
export const QUESTIONNAIRE_MAX_ITEMS = 30;
export const QUESTIONNAIRE_MAX_OPTIONS = 10;
/** A 1–5 scale: five labels, one per point. */
export const QUESTIONNAIRE_SCALE_POINTS = 5;
/** Results are shown where at least this many students answered, unless the office sets more. */
export const QUESTIONNAIRE_DEFAULT_MIN_ANSWERS = 5;
/** The office may not set the threshold lower than this (fewer would identify a student). */
export const QUESTIONNAIRE_LOWEST_MIN_ANSWERS = 3;
export const QUESTIONNAIRE_HIGHEST_MIN_ANSWERS = 100;
/** The electronic statement: the most points of the current (semester) score, from the journal. */
export const STATEMENT_CURRENT_MAX = 60;
/** The electronic statement: the most points of the exam or credit the teacher enters. */
export const STATEMENT_EXAM_MAX = 40;

/**
 * The header GET /lms/remotes.json carries (value `1`) when it was asked in a session. Only such
 * an answer is the user's to keep offline: the service worker keeps no registry asked without a
 * session (after a sign-out, the login page's own registry is not a copy of anyone's).
 */
export const REGISTRY_SESSION_HEADER = 'x-lms-session';

// Individual workload (workload.ts).
/** Academic hours one journal lesson (a pair) counts for. */
export const WORKLOAD_HOURS_PER_LESSON = 2;
/** The most hours one plan row may be set to. */
export const WORKLOAD_MAX_HOURS = 2000;
/** The longest note of an adjustment. */
export const WORKLOAD_NOTE_MAX_LENGTH = 500;
/** Documents: the shortest and longest reason of a revocation (trimmed). */
export const REVOKE_REASON_MIN_LENGTH = 3;
export const REVOKE_REASON_MAX_LENGTH = 500;
/** Documents: the shortest and longest name the registrar searches a person by. */
export const HOLDER_QUERY_MIN_LENGTH = 2;
export const HOLDER_QUERY_MAX_LENGTH = 100;

/** The rights the registrar's office grants a staff account (staff-access): names on the wire. */
export const STAFF_PERMISSIONS = ['quality', 'departmentHead'] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];
/** The longest text of the staff search, and the most accounts one answer lists. */
export const STAFF_SEARCH_MAX_LENGTH = 100;
export const STAFF_SEARCH_LIMIT = 50;

/** Separator of file lists in news and chat records (spec §3); a file's name never holds it. */
export const FILE_LIST_SEPARATOR = ';!;';

// ---- Webinars (contract/webinars.ts) ----

/** The longest chat message of the embedded webinar room, in characters. */
export const WEBINAR_CHAT_MAX_LENGTH = 500;
/** How many of the latest chat messages the embedded room keeps for a newcomer. */
export const WEBINAR_CHAT_KEPT = 100;

/** The most answers student/answers.json takes in one request (a longer list is a 400). */
export const TESTING_ANSWERS_MAX = 100;
