// Remote loads reported by browsers (see migrations/0026_remote_health.ts).

import type { Generated } from 'kysely';

/** One remote's load in one browser: loaded after `ms`, or failed with its kind. */
export interface RemoteLoadTable {
  id: Generated<number>;
  remote: string;
  /** The release's label; `built-in` for the portal's own build. */
  release: string;
  outcome: 'loaded' | 'failed';
  /** What failed (incompatible, load, export, render); null for a load. */
  kind: string | null;
  /** Milliseconds until the remote was usable; null for a failure. */
  ms: number | null;
  /** Epoch ms of the report. */
  at: number;
}

export interface RemoteHealthTables {
  remote_loads: RemoteLoadTable;
}
