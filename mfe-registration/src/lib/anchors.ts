/** The registrar's screen's parts, by the ids its jump links lead to (exposed/App.tsx). */
export const STREAMS_ANCHOR = 'registration-streams';
export const SLOTS_ANCHOR = 'registration-slots';
export const HOLDS_ANCHOR = 'registration-holds';

/** A student's mark history as the registrar's office reads it (the journal remote's screen). */
export const markHistoryPath = (idStudent: number): string => `/lms/markhistory/${idStudent}`;
