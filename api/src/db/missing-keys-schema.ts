// Reports of missing translations (see migrations/0016_missing_keys.ts).

/** A key the i18next instance could not find, once per language and namespace. */
export interface MissingKeyTable {
  /** kg, ru or en. */
  lng: string;
  /** The namespace: the shell's `common`, shared's `ui`/`standalone`, or a remote's name. */
  ns: string;
  key: string;
  /** Epoch ms of the first and the latest report. */
  first_seen_at: number;
  last_seen_at: number;
  /** Reports received (each browser reports a key once per page session). */
  reports: number;
}

export interface MissingKeysTables {
  missing_keys: MissingKeyTable;
}
