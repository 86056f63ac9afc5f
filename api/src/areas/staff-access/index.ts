// Staff access: the registrar's office grants and revokes staff rights (quality office,
// department head), each change recorded in the audit trail.
import { area } from '../../lib/plugin.js';
import { createStaffAccessRepository, type StaffAccessRepository } from './repository.js';
import staffAccessRoutes, { PREFIXES } from './routes.js';
import { createStaffAccessService } from './service.js';
export { createStaffAccessRepository, type StaffAccessRepository } from './repository.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    staffAccess: StaffAccessRepository;
  }
}

/** Staff access: its repository (`app.repos.staffAccess`), its service and its routes. */
export const staffAccessArea = area(
  'staff-access',
  { dependencies: ['auth', 'audit'] },
  async (app) => {
    const staff = createStaffAccessRepository(app.db.kysely);
    app.repos.staffAccess = staff;
    const { sessions, auditTrail } = app.repos;
    const service = createStaffAccessService(app.db.kysely, staff, {
      trail: auditTrail,
      forgetAccount: (uid) => sessions.forgetAccount(uid),
    });
    await app.register(staffAccessRoutes, { prefix: PREFIXES.staffAccess, staff, service });
  },
);
