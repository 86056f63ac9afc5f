/** The registrar's screen's parts, by the ids its jump links lead to (exposed/App.tsx). */
export const STREAMS_ANCHOR = 'registration-streams';
export const SLOTS_ANCHOR = 'registration-slots';
export const HOLDS_ANCHOR = 'registration-holds';
