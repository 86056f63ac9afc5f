// Journal: the attendance journal (`visitlog`), the schedule, QR check-in and its passkeys.
export { default as visitlogRoutes, VISITLOG_PREFIXES } from './visitlog-routes.js';
export {
  calendarFeedRoutes,
  qrRoutes,
  qrVisitlogRoutes,
  scheduleRoutes,
} from './schedule-routes.js';
export { passkeyRoutes, passkeySettings } from './passkeys.js';
export { createJournalRepository, type JournalRepository } from './repository.js';
export { createScheduleRepository, type ScheduleRepository } from './schedule-repository.js';
