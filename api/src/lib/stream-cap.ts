/**
 * How many live streams (Server-Sent Events) one user may hold open in one API process: enough
 * for a handful of tabs and devices, not enough for one account to tie up the server. A stream
 * past the cap is refused (429); the browser then falls back to polling.
 */
export const MAX_STREAMS_PER_USER = 8;

/** Uploads (multipart requests) one user may have in flight at once in one API process. */
export const MAX_UPLOADS_PER_USER = 3;

/** Counts what each user holds open (streams, uploads) against a maximum. */
export function createStreamCap(max = MAX_STREAMS_PER_USER) {
  const open = new Map<number, number>();
  return {
    /** A slot for the user's new stream (call the answer when it ends), or undefined when full. */
    take(uid: number): (() => void) | undefined {
      const count = open.get(uid) ?? 0;
      if (count >= max) return undefined;
      open.set(uid, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(uid) ?? 1) - 1;
        if (left <= 0) open.delete(uid);
        else open.set(uid, left);
      };
    },
  };
}
