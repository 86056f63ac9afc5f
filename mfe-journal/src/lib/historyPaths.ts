// Where a student's mark history is read (features/history): known to the App, which picks the
// screen before that feature's code is loaded, and to the student's journal, which links to it.

/** Where a student reads their own mark history. */
export const OWN_HISTORY_PATH = '/lms/journal/history';

/**
 * The path's history screen: `/journal/history` (a student's own) or `/journal/history/<id>`
 * (the registrar's view of a student); undefined for any other path.
 */
export function historyRoute(pathname: string): { idStudent: number | null } | undefined {
  const match = /\/journal\/history(?:\/([1-9][0-9]{0,9}))?\/?$/.exec(pathname);
  if (!match) return undefined;
  return { idStudent: match[1] ? Number(match[1]) : null };
}
