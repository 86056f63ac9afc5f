// Journal: the attendance journal (`visitlog`), QR check-in and its passkeys.
import { area } from '../../lib/plugin.js';
import type { CommonSettings } from '../../lib/settings.js';
import journalRoutes, { type JournalAreaOptions } from './area.js';
import { journalEvents } from './events.js';
import { createPasskeyRepository, type PasskeyRepository } from './passkey-repository.js';
import { createQrRepository, type QrRepository } from './qr-repository.js';
import { createJournalRepository, type JournalRepository } from './repository.js';
import { visitEvents } from './visit-events.js';

export type { JournalAreaOptions } from './area.js';
export { passkeySettings } from './passkeys.js';
export { createJournalRepository, type JournalRepository } from './repository.js';
// The journal's live events (marks written by a teacher): see events.ts.
export { journalEvents, JOURNAL_CHANNEL, type JournalMarkEvent } from './events.js';
// A lesson's check-ins and hand marks (the teacher's live QR list): see visit-events.ts.
export { visitEvents, VISIT_CHANNEL } from './visit-events.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    journal: JournalRepository;
    qr: QrRepository;
    passkeys: PasskeyRepository;
  }
}

/**
 * The journal: its repositories (`app.repos.journal`, `.qr`, `.passkeys`), its live events (marks, a
 * lesson's check-ins) and its routes.
 */
export const journalArea = area(
  'journal',
  { dependencies: ['auth', 'discipline', 'schedule'] },
  async (app, options: JournalAreaOptions & Pick<CommonSettings, 'databaseUrl'>) => {
    const journal = createJournalRepository(app.db.kysely, app.repos.access);
    app.repos.journal = journal;
    app.repos.qr = createQrRepository(app.db.kysely, journal);
    app.repos.passkeys = createPasskeyRepository(app.db.kysely);
    await app.register(journalEvents, options);
    await app.register(visitEvents, options);
    await app.register(journalRoutes, options);
  },
);
