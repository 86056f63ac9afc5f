/**
 * The settings many areas and plugins read (README "Server settings"); each area's own settings
 * are its own type, and `options.ts` composes them all.
 */
export interface CommonSettings {
  /** Folder for the SQLite file and the editable config files (remotes.json, logo.json, ...). */
  dataDir: string;
  /** postgres://… switches to PostgreSQL; otherwise SQLite at `<dataDir>/lms.sqlite`. */
  databaseUrl?: string;
  /** The repo root holding shell/dist and mfe-<name>/dist. */
  staticRoot: string;
  uploadLimitBytes: number;
  /** Adds `Secure` to cookies (set behind HTTPS). */
  secureCookies: boolean;
  /**
   * The portal's public origin, as its users open it (LMS_PUBLIC_ORIGIN, e.g.
   * https://lms.example.kg; by default http://localhost:<PORT>): the links the portal prints into
   * documents (the verification QR) and the origin and relying party of the QR check-in passkeys.
   * Never taken from a request's Host header.
   */
  publicOrigin: string;
  /**
   * How long an API process may reuse a session (and its account) it read, instead of reading it
   * on every request (LMS_SESSION_CACHE_MS; 0: never). Sign-out and revoked sessions end at once
   * in the process that ended them, and within this time in the others.
   */
  sessionCacheMs: number;
  /**
   * The university's time zone (LMS_TIME_ZONE, an IANA name; Asia/Bishkek by default): every
   * time a person reads, on a page, in a file or a PDF, is written in it (the kit's formatter).
   */
  timeZone: string;
}
