// A student's mark history from the audit trail (issue 46): the student's own, and any
// student's for the registrar (opened from the registrar's student search). Its paths are in
// lib/historyPaths.ts (the App picks the screen before this code loads).
export { ChooseStudent, OwnMarkHistory, RegistrarMarkHistory } from './components/HistoryScreens';
