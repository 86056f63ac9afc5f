// The schedule (spec §1, §3 "Schedule item", §4, §7): the week, kept on the device, and its calendars.
export { ScheduleScreen } from './components/ScheduleScreen';
