// Journal: the attendance journal (`visitlog`): lessons, their lists, marks and topics.
import { createEventBus } from '../../lib/event-bus.js';
import { area } from '../../lib/plugin.js';
import type { CommonSettings } from '../../lib/settings.js';
import { JOURNAL_CHANNEL, type JournalMarkEvent } from './events.js';
import { createJournalService } from './journal-service.js';
import { PREFIXES } from './prefixes.js';
import { createJournalRepository, type JournalRepository } from './repository.js';
import { createVisitlogAccess } from './visitlog-access.js';
import visitlogRoutes, { type VisitlogOptions } from './visitlog-routes.js';
import { visitlogWriteRoutes } from './visitlog-write-routes.js';

export { PREFIXES as JOURNAL_PREFIXES } from './prefixes.js';
export { createJournalRepository, type JournalRepository } from './repository.js';
// The journal's live events (marks written by a teacher): see events.ts.
export { JOURNAL_CHANNEL, type JournalMarkEvent } from './events.js';
// Who belongs on a lesson's list, and what a QR check-in does to a cell (the QR area asks).
export { inLessonGroup, type GroupPlacement, type LessonAudience } from './lesson-access.js';
export { checkInCell, figuresOf } from './journal-rules.js';
// A cell's change as the audit trail records it (the QR's check-ins record theirs).
export { recordCell, type CellValue } from './journal-audit.js';
export { VISITLOG_NOTICES } from './visitlog-messages.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    journal: JournalRepository;
  }
}

/**
 * The journal: its repository (`app.repos.journal`), its live events (marks), who may read and
 * write which journal, its service, and the visit log's routes (reads, writes) under the spec's
 * prefix.
 */
export const journalArea = area(
  'journal',
  { dependencies: ['auth', 'discipline', 'audit'] },
  async (
    app,
    options: VisitlogOptions & Pick<CommonSettings, 'databaseUrl'> & { clock: () => number },
  ) => {
    const db = app.db.kysely;
    const { access, auditTrail } = app.repos;
    const journal = createJournalRepository(db, access, auditTrail, options.clock);
    app.repos.journal = journal;
    app.decorate(
      'journalEvents',
      await createEventBus<JournalMarkEvent>(app, JOURNAL_CHANNEL, options.databaseUrl),
    );

    const guard = createVisitlogAccess(journal, access);
    // A written mark is announced for the student's notifications; a lost event is only logged.
    const service = createJournalService(
      db,
      journal,
      (event) => {
        app.journalEvents
          .publish(event)
          .catch((error: unknown) => app.log.warn({ err: error }, 'journal event not published'));
      },
      auditTrail,
      options.clock,
    );
    const prefix = PREFIXES.visitlog;
    await app.register(visitlogRoutes, {
      prefix,
      attendanceThreshold: options.attendanceThreshold,
      guard,
    });
    await app.register(visitlogWriteRoutes, { prefix, guard, service });
  },
);
