import type { ModuleRole } from '@lms/shared/contract';

/** Keys of a remote's own texts (its i18n namespace is the remote's name). */
export interface HeadingKeys {
  title: string;
  description: string;
}

/**
 * The heading of a module's first screen (at `/lms/<first route>`): the keys of the `PageFrame`
 * title and description its page shows at once, and the audiences whose page says something
 * else. page-frame.ts writes it into the page. It must be what the remote's page shows before
 * any data has come.
 */
export interface ModuleHeading extends HeadingKeys {
  audiences?: Partial<Record<ModuleRole, HeadingKeys>>;
}

const heading = (
  title: string,
  description: string,
  audiences?: ModuleHeading['audiences'],
): ModuleHeading => ({ title, description, ...(audiences ? { audiences } : {}) });

/** A page that says `<key>Title` and `<key>Description` (finance, records, campus, library). */
const named = (key: string) => heading(`${key}Title`, `${key}Description`);

/**
 * The headings of the modules of this repository's remotes, by remote and module key, as each
 * remote's exposed App shows them. Not here: the evaluations and the workload (their page speaks
 * to the quality office and the department head apart from the other teachers, which the
 * audience does not tell), the chat, the manual and the mark history (their heading waits for
 * data). (A remote deployed on its own cannot name its heading yet: that needs a field of the
 * kit's `ModuleDescription`, a major version of the kit.)
 */
export const MODULE_HEADINGS: Readonly<Record<string, ModuleHeading | undefined>> = {
  'journal/journal': heading('title', 'description', {
    student: { title: 'title', description: 'student.description' },
  }),
  'journal/schedule': heading('schedule.title', 'schedule.description'),
  'library/umk': named('umk'),
  'library/library': named('library'),
  'registration/registration': heading('title', 'description', {
    teacher: { title: 'title', description: 'teacher.description' },
    registrar: { title: 'title', description: 'teacher.registrarDescription' },
  }),
  'finance/paymentcode': named('paymentcode'),
  'finance/singlewindow': heading('singlewindowTitle', 'singlewindowDescription', {
    registrar: { title: 'singlewindowTitle', description: 'singlewindowRegistrarDescription' },
  }),
  'finance/transcript': named('transcript'),
  'testing/testing': heading('title', 'studentDescription', {
    teacher: { title: 'title', description: 'teacherDescription' },
  }),
  'planning/staffaccess': heading('staffaccessTitle', 'staffaccessDescriptionOffice'),
  'records/statement': named('statement'),
  'records/rating': named('rating'),
  'records/documents': named('documents'),
  'campus/rooms': named('rooms'),
  'campus/webinars': named('webinars'),
  'news/news': heading('title', 'description'),
};

/**
 * The title of the home page (`/lms`), by the module whose `panes.home` fills it (remote/key): the
 * key of the title that pane's `PageFrame` shows at once. It has no description.
 */
export const HOME_HEADINGS: Readonly<Record<string, string | undefined>> = {
  'news/news': 'feedTitle',
};
