// What a route answers besides 200 and the refusals every route may give, for its
// `config.answers` (the API reference lists them; docs/server-conventions.md).

/** A route that takes files: past the caller's uploads in flight, 429. */
export const UPLOAD_ANSWERS = {
  429: 'Too many uploads in flight for this user: wait for one to finish.',
} as const;
