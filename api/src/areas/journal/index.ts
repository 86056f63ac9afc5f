// Journal: the attendance journal (`visitlog`), the schedule, QR check-in and its passkeys.
import { area } from '../../lib/plugin.js';
import type { CommonSettings } from '../../lib/settings.js';
import journalRoutes, { type JournalAreaOptions } from './area.js';
import { journalEvents } from './events.js';
import { createJournalRepository, type JournalRepository } from './repository.js';
import { createScheduleRepository, type ScheduleRepository } from './schedule-repository.js';
import { visitEvents } from './visit-events.js';

export type { JournalAreaOptions } from './area.js';
export { passkeySettings } from './passkeys.js';
export { createJournalRepository, type JournalRepository } from './repository.js';
export { createScheduleRepository, type ScheduleRepository } from './schedule-repository.js';
// The journal's live events (marks written by a teacher): see events.ts.
export { journalEvents, JOURNAL_CHANNEL, type JournalMarkEvent } from './events.js';
// A lesson's check-ins and hand marks (the teacher's live QR list): see visit-events.ts.
export { visitEvents, VISIT_CHANNEL } from './visit-events.js';
export type { ScheduleOptions } from './schedule-options.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    journal: JournalRepository;
    schedule: ScheduleRepository;
  }
}

/**
 * The journal: its repositories (`app.repos.journal`, `.schedule`), its live events (marks, a
 * lesson's check-ins) and its routes.
 */
export const journalArea = area(
  'journal',
  { dependencies: ['auth', 'discipline'] },
  async (app, options: JournalAreaOptions & Pick<CommonSettings, 'databaseUrl'>) => {
    const journal = createJournalRepository(app.db.kysely, app.repos.access);
    app.repos.journal = journal;
    app.repos.schedule = createScheduleRepository(app.db.kysely, journal);
    await app.register(journalEvents, options);
    await app.register(visitEvents, options);
    await app.register(journalRoutes, options);
  },
);
