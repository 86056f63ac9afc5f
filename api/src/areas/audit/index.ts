// Audit: the append-only trail of changes to the records that matter (issue 46).
import { area } from '../../lib/plugin.js';
import { createAuditRepository, type AuditRepository } from './repository.js';
import auditRoutes, { PREFIXES } from './routes.js';
import { createAuditTrail, type AuditTrail } from './trail.js';

export { createAuditRepository, type AuditRepository } from './repository.js';
export { auditKeys, createAuditTrail, type AuditChange, type AuditTrail } from './trail.js';
export { verifyChain, type ChainReport } from './verify.js';
export { consoleActor, recordConsoleChange } from './console.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    /** Reads the trail. */
    audit: AuditRepository;
    /** Writes the trail: one row per change, on the change's transaction (`record(trx, …)`). */
    auditTrail: AuditTrail;
  }
}

/**
 * Audit: the trail's writer (`app.repos.auditTrail`, which the areas that change records that
 * matter name in their dependencies), its reads (`app.repos.audit`) and the read routes.
 */
export const auditArea = area(
  'audit',
  { dependencies: ['auth'] },
  async (app, options: { utcOffsetMinutes: number }) => {
    const trail = createAuditRepository(app.db.kysely);
    app.repos.audit = trail;
    app.repos.auditTrail = createAuditTrail(app.db.dialect, app.db.kysely);
    await app.register(auditRoutes, {
      prefix: PREFIXES.audit,
      trail,
      utcOffsetMinutes: options.utcOffsetMinutes,
    });
  },
);
