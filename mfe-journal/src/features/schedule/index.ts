// The schedule (spec §1, §3 "Schedule item", §4, §7): the week, kept on the device, and its calendars.
export { ScheduleScreen } from './components/ScheduleScreen';
// Today's lessons and when their QR is shown: the schedule offers it, the QR screen opens it.
export { useQrToday, type QrToday } from './api/schedule';
export { useServerNow, windowPhase, type WindowPhase } from './windows';
