// A student's mark history from the audit trail (issue 46): the student's own, and any
// student's for the registrar (opened from the registrar's student search).
export {
  historyRoute,
  OWN_HISTORY_PATH,
  OwnMarkHistory,
  RegistrarMarkHistory,
  studentHistoryPath,
} from './components/HistoryScreens';
