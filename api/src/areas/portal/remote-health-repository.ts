import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Reports are kept this long; older ones are removed as new ones arrive. */
export const HEALTH_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** One remote release's health over a period. */
export interface ReleaseHealth {
  remote: string;
  release: string;
  /** Reports: loads and failures. */
  reports: number;
  failures: number;
  /** failures / reports (0 without reports). */
  failureRate: number;
  /** The 75th percentile of the load times (ms), null without a load. */
  p75Ms: number | null;
  /** Failures by kind. */
  kinds: Record<string, number>;
}

/** The value below which `share` of the sorted values lie (nearest rank). */
export function percentile(sorted: readonly number[], share: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(share * sorted.length));
  return sorted[rank - 1] ?? null;
}

/** Remote loads reported by browsers (the shell's health beacons), per remote and release. */
export function createRemoteHealthRepository(db: Kysely<Database>) {
  let written = 0;
  return {
    async record(
      report: {
        remote: string;
        release: string;
        outcome: 'loaded' | 'failed';
        kind?: string;
        ms?: number;
      },
      now = Date.now(),
    ): Promise<void> {
      await db
        .insertInto('remote_loads')
        .values({
          remote: report.remote,
          release: report.release,
          outcome: report.outcome,
          kind: report.outcome === 'failed' ? (report.kind ?? 'load') : null,
          ms: report.outcome === 'loaded' ? (report.ms ?? 0) : null,
          at: now,
        })
        .execute();
      // Old reports go now and then, so the table holds about a month.
      if (written++ % 500 === 0) {
        await db
          .deleteFrom('remote_loads')
          .where('at', '<', now - HEALTH_KEPT_MS)
          .execute();
      }
    },

    /** Each remote release's health from the reports since `since` (epoch ms). */
    async summary(since: number): Promise<ReleaseHealth[]> {
      const rows = await db
        .selectFrom('remote_loads')
        .select(['remote', 'release', 'outcome', 'kind', 'ms'])
        .where('at', '>=', since)
        .orderBy('remote')
        .orderBy('release')
        .execute();
      const byRelease = new Map<string, { health: ReleaseHealth; times: number[] }>();
      for (const row of rows) {
        const key = `${row.remote}\u0000${row.release}`;
        let entry = byRelease.get(key);
        if (!entry) {
          entry = {
            health: {
              remote: row.remote,
              release: row.release,
              reports: 0,
              failures: 0,
              failureRate: 0,
              p75Ms: null,
              kinds: {},
            },
            times: [],
          };
          byRelease.set(key, entry);
        }
        entry.health.reports += 1;
        if (row.outcome === 'failed') {
          entry.health.failures += 1;
          const kind = row.kind ?? 'load';
          entry.health.kinds[kind] = (entry.health.kinds[kind] ?? 0) + 1;
        } else if (row.ms !== null) entry.times.push(Number(row.ms));
      }
      return [...byRelease.values()].map(({ health, times }) => ({
        ...health,
        failureRate: health.reports === 0 ? 0 : health.failures / health.reports,
        p75Ms: percentile(
          times.sort((a, b) => a - b),
          0.75,
        ),
      }));
    },
  };
}

export type RemoteHealthRepository = ReturnType<typeof createRemoteHealthRepository>;
