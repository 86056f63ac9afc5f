import type { ModuleDescription, RemoteName } from '@lms/shared/contract';
import { MODULE_LABELS } from './messages.js';

// What the portal says about the remotes built from this repository (remote-registry.ts uses it
// for an entry that does not describe its modules itself, and for the builds it serves).

const BOTH = ['teacher', 'student'] as ModuleDescription['roles'];
const STUDENT = ['student'] as ModuleDescription['roles'];
/** News and registration are for everyone, the registrar's office included. */
const EVERYONE = ['teacher', 'student', 'registrar'] as ModuleDescription['roles'];
/** Students order documents; registrars (a staff permission) work the queue. */
const STUDENT_AND_REGISTRAR = ['student', 'registrar'] as ModuleDescription['roles'];

/** The registrar's office alone (it grants the staff rights). */
const REGISTRAR = ['registrar'] as ModuleDescription['roles'];

/** Teachers and the registrar's office (students have no workload). */
const STAFF = ['teacher', 'registrar'] as ModuleDescription['roles'];

type Roles = ModuleDescription['roles'];
type Icon = NonNullable<ModuleDescription['tile']>['icon'];

/** A module of this repository's remotes: its './App' under the route named by its key. */
function appModule(
  key: Exclude<keyof typeof MODULE_LABELS, 'chatMenu'>,
  roles: Roles,
  icon: Icon,
  more: Pick<ModuleDescription, 'menu' | 'panes'> = {},
): ModuleDescription {
  return {
    key,
    module: './App',
    routes: [key],
    labels: MODULE_LABELS[key],
    roles,
    tile: { icon },
    ...more,
  };
}

/** The registrar's view of a student's mark history: routes, no tile (a student is chosen first). */
function markHistoryModule(): ModuleDescription {
  return {
    key: 'markhistory',
    module: './App',
    routes: ['markhistory'],
    labels: MODULE_LABELS.markhistory,
    roles: REGISTRAR,
  };
}

/** The portal's description of the remotes built from this repository. */
export const DEFAULT_MODULES: Record<RemoteName, ModuleDescription[]> = {
  // A student's mark history as the registrar's office reads it (/lms/markhistory/<id>), opened
  // from the office's student lists: no tile, and not the teachers' journal.
  journal: [
    appModule('journal', BOTH, 'journal'),
    appModule('schedule', BOTH, 'calendar'),
    markHistoryModule(),
  ],
  library: [appModule('umk', BOTH, 'materials'), appModule('library', BOTH, 'books')],
  // Students register; teachers see who registered for their streams; the registrar's office
  // sees every stream and sets the holds.
  registration: [appModule('registration', EVERYONE, 'registration')],
  finance: [
    appModule('paymentcode', STUDENT, 'payment'),
    appModule('singlewindow', STUDENT_AND_REGISTRAR, 'certificate'),
    appModule('transcript', STUDENT, 'transcript'),
  ],
  // Teachers keep banks and tests for what they teach; students take the tests open to them.
  testing: [appModule('testing', BOTH, 'test')],
  // The quality office's course evaluations: students answer, teachers and the office read.
  // Individual workload: teachers read their own plan, the registrar the departments'. Staff
  // rights: the registrar's office grants the quality office and the department head rights.
  planning: [
    appModule('questionnaire', EVERYONE, 'survey'),
    appModule('workload', STAFF, 'workload'),
    appModule('staffaccess', REGISTRAR, 'card'),
  ],
  // The academic record: teachers fill in and sign statements, the registrar confirms them,
  // students read their own lines and their rating. Documents: what the portal issued to a
  // person; the registrar's office looks a person's up and revokes.
  records: [
    appModule('statement', EVERYONE, 'statement'),
    appModule('rating', STUDENT, 'rating'),
    appModule('documents', EVERYONE, 'documents'),
  ],
  // Campus services: free rooms found and booked, each room's week; online lessons (webinars).
  campus: [appModule('rooms', EVERYONE, 'rooms'), appModule('webinars', BOTH, 'webinar')],
  // The portal's manual: help for every screen, per role, read offline too.
  manual: [appModule('manual', EVERYONE, 'manual')],
  news: [
    appModule('news', EVERYONE, 'news', {
      menu: { labels: MODULE_LABELS.news },
      panes: { home: './Feed' },
    }),
  ],
  chat: [
    appModule('chat', BOTH, 'chat', {
      menu: { labels: MODULE_LABELS.chatMenu },
      panes: {
        disciplines: './DisciplineList',
        contacts: './ContactList',
        badge: './UnreadBadge',
      },
    }),
  ],
};
