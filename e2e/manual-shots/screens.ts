import type { Audience } from '../support/a11y';

/** A screen the manual documents, as one role sees it: the manual's section and the address. */
export interface DocumentedScreen {
  section: string;
  reader: Audience;
  path: string;
}

const each = (reader: Audience, sections: Record<string, string>): DocumentedScreen[] =>
  Object.entries(sections).map(([section, path]) => ({ section, reader, path }));

/**
 * The screens of the manual's sections (mfe-manual/src/features/manual/content), per role. The
 * teacher's QR screen needs a lesson running: its section shows the timetable it starts from.
 */
export const DOCUMENTED_SCREENS: readonly DocumentedScreen[] = [
  ...each('student', {
    news: '/lms/news',
    chat: '/lms/chat',
    journal: '/lms/journal',
    qr: '/lms/schedule/scan',
    schedule: '/lms/schedule',
    umk: '/lms/umk',
    library: '/lms/library',
    registration: '/lms/registration',
    paymentcode: '/lms/paymentcode',
    singlewindow: '/lms/singlewindow',
    transcript: '/lms/transcript',
    testing: '/lms/testing',
    statement: '/lms/statement',
    rating: '/lms/rating',
    questionnaire: '/lms/questionnaire',
    rooms: '/lms/rooms',
    documents: '/lms/documents',
    webinars: '/lms/webinars',
    profile: '/lms/profile',
  }),
  ...each('teacher', {
    news: '/lms/news',
    chat: '/lms/chat',
    journal: '/lms/journal',
    qr: '/lms/schedule',
    schedule: '/lms/schedule',
    umk: '/lms/umk',
    library: '/lms/library',
    registration: '/lms/registration',
    testing: '/lms/testing',
    statement: '/lms/statement',
    questionnaire: '/lms/questionnaire',
    rooms: '/lms/rooms',
    documents: '/lms/documents',
    workload: '/lms/workload',
    webinars: '/lms/webinars',
    profile: '/lms/profile',
  }),
  ...each('registrar', {
    news: '/lms/news',
    registration: '/lms/registration',
    singlewindow: '/lms/singlewindow',
    statement: '/lms/statement',
    questionnaire: '/lms/questionnaire',
    rooms: '/lms/rooms',
    documents: '/lms/documents',
    workload: '/lms/workload',
    profile: '/lms/profile',
  }),
];
