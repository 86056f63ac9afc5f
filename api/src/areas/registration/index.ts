// Registration: registering for mandatory and elective disciplines, and the teachers' streams.
import { WAITLIST_DECLINE_MS } from '@lms/shared/contract';
import { createEventBus } from '../../lib/event-bus.js';
import { area } from '../../lib/plugin.js';
import type { CommonSettings } from '../../lib/settings.js';
import { PREFIXES, type RegistrationOptions, type RegistrationRouteOptions } from './config.js';
import { REGISTRATION_CHANNEL, type RegistrationEvent } from './events.js';
import { createRegistrarRepository } from './registrar-repository.js';
import { registrarRoutes } from './registrar-routes.js';
import { createRegistrarService } from './registrar-service.js';
import { createRegistrationRepository, type RegistrationRepository } from './repository.js';
import { createRegistrationService } from './service.js';
import { createStudentDirectory } from './student-directory.js';
import { createStudentPages } from './student-pages.js';
import { studentRoutes } from './student-routes.js';
import { studentWaitlistRoutes } from './student-waitlist-routes.js';
import { teacherRoutes } from './teacher-routes.js';
import { termRoutes } from './term-routes.js';
import { createWaitlistRepository } from './waitlist-repository.js';
import { createWaitlistService } from './waitlist-service.js';

export { createRegistrationRepository, type RegistrationRepository } from './repository.js';
// The area's live events (promotions, holds, slots, lists): see events.ts for their payloads.
export {
  REGISTRATION_CHANNEL,
  type RegistrationEvent,
  type RegistrationEventBus,
} from './events.js';
export type { WaitlistEvent } from './events.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    registration: RegistrationRepository;
  }
}

/**
 * Registration: its repository (`app.repos.registration`), its live events (waiting-list
 * promotions), its services, and the routes of each role under the spec's prefix (each role's
 * file an encapsulated plugin with the session's hook).
 */
export const registrationArea = area(
  'registration',
  { dependencies: ['auth', 'discipline', 'payments', 'audit'] },
  async (app, options: RegistrationOptions & Pick<CommonSettings, 'databaseUrl'>) => {
    const db = app.db.kysely;
    // Unpaid tuition holds registration: the payments area answers it (on a write's transaction).
    const { payments, auditTrail } = app.repos;
    const registration = createRegistrationRepository(db);
    app.repos.registration = registration;
    app.decorate(
      'registrationEvents',
      await createEventBus<RegistrationEvent>(app, REGISTRATION_CHANNEL, options.databaseUrl),
    );
    // Published after the write commits; a lost event only leaves a page to its next poll.
    const publish = (event: RegistrationEvent) =>
      void app.registrationEvents
        .publish(event)
        .catch((error: unknown) =>
          app.log.warn({ err: error }, 'registration event not published'),
        );

    const clock = options.clock ?? Date.now;
    const declineMs = options.declineMs ?? WAITLIST_DECLINE_MS;
    const waitlistService = createWaitlistService(
      db,
      payments,
      { creditLimit: options.creditLimit, declineMs },
      publish,
      clock,
      auditTrail,
    );
    const waitlist = createWaitlistRepository(db, payments);
    const parts: RegistrationRouteOptions = {
      service: createRegistrationService(
        db,
        payments,
        options,
        auditTrail,
        waitlistService.promote,
        waitlistService.listsLeft,
      ),
      waitlistService,
      registrarService: createRegistrarService(db, publish, auditTrail),
      waitlist,
      registrar: createRegistrarRepository(db),
      directory: createStudentDirectory(db),
      pages: createStudentPages({
        registration,
        waitlist,
        creditLimit: options.creditLimit,
        clock,
        declineMs,
      }),
      clock,
      ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
    };
    for (const routes of [
      termRoutes,
      studentRoutes,
      studentWaitlistRoutes,
      teacherRoutes,
      registrarRoutes,
    ]) {
      await app.register(routes, { ...parts, prefix: PREFIXES.registration });
    }
  },
);
