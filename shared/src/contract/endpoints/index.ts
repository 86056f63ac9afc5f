// The browser's tables of the API: each area's endpoints, addresses typed by their schemas.
export { AUTH_API } from './auth.js';
export { PASSWD_API } from './passwd.js';
export { DISCIPLINE_API } from './discipline.js';
export { PROFILE_API } from './profile.js';
export { MISC_API } from './misc.js';
export { NEWS_API } from './news.js';
export { CHAT_API } from './chat.js';
export { UMK_API } from './umk.js';
export { LIBRARY_API } from './library.js';
export { ORDERS_API } from './orders.js';
export { TRANSCRIPT_API } from './transcript.js';
export { PAYMENTS_API } from './payments.js';
export { PUSH_API } from './push.js';
export { PORTAL_API } from './config.js';
export { REGISTRATION_API } from './registration.js';
export { VISITLOG_API } from './visitlog.js';
export { SCHEDULE_API } from './schedule.js';
