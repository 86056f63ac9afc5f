// Journal: the attendance journal (`visitlog`), the schedule, QR check-in and its passkeys.
export { journalArea, type JournalAreaOptions } from './area.js';
export { passkeySettings } from './passkeys.js';
export { createJournalRepository, type JournalRepository } from './repository.js';
export { createScheduleRepository, type ScheduleRepository } from './schedule-repository.js';
// The journal's live events (marks written by a teacher): see events.ts.
export { journalEvents, JOURNAL_CHANNEL, type JournalMarkEvent } from './events.js';
// A lesson's check-ins and hand marks (the teacher's live QR list): see visit-events.ts.
export { visitEvents, VISIT_CHANNEL } from './visit-events.js';
export type { ScheduleOptions } from './schedule-options.js';
