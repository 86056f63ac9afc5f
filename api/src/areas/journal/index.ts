// Journal: the attendance journal (`visitlog`): lessons, their lists, marks and topics.
import { area } from '../../lib/plugin.js';
import type { CommonSettings } from '../../lib/settings.js';
import { journalEvents } from './events.js';
import { PREFIXES } from './prefixes.js';
import { createJournalRepository, type JournalRepository } from './repository.js';
import visitlogRoutes, { type VisitlogOptions } from './visitlog-routes.js';

export { PREFIXES as JOURNAL_PREFIXES } from './prefixes.js';
export { createJournalRepository, type JournalRepository } from './repository.js';
// The journal's live events (marks written by a teacher): see events.ts.
export { journalEvents, JOURNAL_CHANNEL, type JournalMarkEvent } from './events.js';
// Who belongs on a lesson's list, and what a QR check-in does to a cell (the QR area asks).
export { inLessonGroup, type GroupPlacement, type LessonAudience } from './lesson-access.js';
export { checkInCell } from './journal-rules.js';
export { VISITLOG_NOTICES } from './visitlog-messages.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    journal: JournalRepository;
  }
}

/**
 * The journal: its repository (`app.repos.journal`), its live events (marks) and the visit log's
 * routes under the spec's prefix.
 */
export const journalArea = area(
  'journal',
  { dependencies: ['auth', 'discipline'] },
  async (app, options: VisitlogOptions & Pick<CommonSettings, 'databaseUrl'>) => {
    app.repos.journal = createJournalRepository(app.db.kysely, app.repos.access);
    await app.register(journalEvents, options);
    await app.register(visitlogRoutes, {
      prefix: PREFIXES.visitlog,
      attendanceThreshold: options.attendanceThreshold,
    });
  },
);
