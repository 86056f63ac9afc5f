// Where a student's mark history is read (features/history): known to the App, which picks the
// screen before that feature's code is loaded, and to the student's journal, which links to it.
// The registrar's office opens a student's from its own student lists (the registration remote's
// holds), at the registry's `markhistory` module: not the teachers' journal.

/** Where a student reads their own mark history. */
export const OWN_HISTORY_PATH = '/lms/journal/history';

/** The registrar's view of students' mark histories (the `markhistory` module's route). */
export const REGISTRAR_HISTORY_PATH = '/lms/markhistory';

/**
 * The path's history screen: `/journal/history` (a student's own; an id after it is ignored), `/markhistory/<id>` (the
 * registrar's view of a student) or `/markhistory` (the registrar without a student chosen:
 * idStudent null); undefined for any other path.
 */
export function historyRoute(
  pathname: string,
): { registrar: boolean; idStudent: number | null } | undefined {
  // The journal's old address of a registrar's view (/journal/history/<id>) is a student's own.
  if (/\/journal\/history(?:\/[1-9][0-9]{0,9})?\/?$/.test(pathname)) {
    return { registrar: false, idStudent: null };
  }
  const match = /\/markhistory(?:\/([1-9][0-9]{0,9}))?\/?$/.exec(pathname);
  if (!match) return undefined;
  return { registrar: true, idStudent: match[1] ? Number(match[1]) : null };
}
