/**
 * The health area's rule: whether a process is ready for traffic, from what its checks found.
 * A load balancer sends requests only to a ready process (GET /lms/readyz answers 200).
 */
export interface ReadinessChecks {
  /** The database answered a query. */
  database: boolean;
  /** Migrations of this build not yet applied (a node started before its database migrated). */
  pendingMigrations: readonly string[];
  /** A file could be written and removed in the data folder (uploads, releases, the registry). */
  dataDir: boolean;
  /** The process is shutting down: it finishes its requests but takes no new ones. */
  draining: boolean;
}

export type ReadinessProblem = 'database' | 'migrations' | 'dataDir' | 'draining';

export interface Readiness {
  ready: boolean;
  /** What keeps the process from being ready, in a fixed order; empty when ready. */
  problems: ReadinessProblem[];
}

export function readiness(checks: ReadinessChecks): Readiness {
  const problems: ReadinessProblem[] = [];
  if (checks.draining) problems.push('draining');
  if (!checks.database) problems.push('database');
  // Unknown while the database does not answer: only a reachable database can be behind.
  if (checks.database && checks.pendingMigrations.length > 0) problems.push('migrations');
  if (!checks.dataDir) problems.push('dataDir');
  return { ready: problems.length === 0, problems };
}
