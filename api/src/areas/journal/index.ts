// Journal: the attendance journal (`visitlog`), the schedule, QR check-in and its passkeys.
export { default as visitlogRoutes, VISITLOG_PREFIXES } from './visitlog-routes.js';
export { scheduleRoutes } from './schedule-routes.js';
export { calendarFeedRoutes } from './schedule-calendar-routes.js';
export { qrRoutes } from './qr-routes.js';
export { qrVisitlogRoutes } from './qr-visitlog-routes.js';
export { PREFIXES as SCHEDULE_PREFIXES } from './qr-lessons.js';
export { passkeyRoutes } from './passkey-routes.js';
export { passkeySettings } from './passkeys.js';
export { createJournalRepository, type JournalRepository } from './repository.js';
export { createScheduleRepository, type ScheduleRepository } from './schedule-repository.js';
