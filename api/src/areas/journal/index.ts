// Journal: the attendance journal (`visitlog`), the schedule, QR check-in and its passkeys.
export { journalArea, type JournalAreaOptions } from './area.js';
export { passkeySettings } from './passkeys.js';
export { createJournalRepository, type JournalRepository } from './repository.js';
export { createScheduleRepository, type ScheduleRepository } from './schedule-repository.js';
