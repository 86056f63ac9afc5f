// Registration: registering for mandatory and elective disciplines, and the teachers' streams.
import { area } from '../../lib/plugin.js';
import type { CommonSettings } from '../../lib/settings.js';
import { registrationEvents } from './events.js';
import { createRegistrationRepository, type RegistrationRepository } from './repository.js';
import registrationRoutes, { PREFIXES, type RegistrationOptions } from './routes.js';

export { createRegistrationRepository, type RegistrationRepository } from './repository.js';
// The area's live events (waiting-list promotions): see events.ts for the names and payloads.
export { registrationEvents, REGISTRATION_CHANNEL, type RegistrationEventBus } from './events.js';
export type { WaitlistEvent } from './waitlist-service.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    registration: RegistrationRepository;
  }
}

/**
 * Registration: its repository (`app.repos.registration`), its live events (waiting-list
 * promotions) and its routes under the spec's prefix.
 */
export const registrationArea = area(
  'registration',
  { dependencies: ['auth', 'discipline'] },
  async (app, options: RegistrationOptions & Pick<CommonSettings, 'databaseUrl'>) => {
    app.repos.registration = createRegistrationRepository(app.db.kysely);
    await app.register(registrationEvents, options);
    await app.register(registrationRoutes, { ...options, prefix: PREFIXES.registration });
  },
);
