// Registration: registering for mandatory and elective disciplines, and the teachers' streams.
import type { FastifyPluginAsync } from 'fastify';
import registrationRoutes, { PREFIXES, type RegistrationOptions } from './routes.js';

export { createRegistrationRepository, type RegistrationRepository } from './repository.js';
// The area's live events (waiting-list promotions): see events.ts for the names and payloads.
export { registrationEvents, REGISTRATION_CHANNEL, type RegistrationEventBus } from './events.js';
export type { WaitlistEvent } from './waitlist-service.js';

/** The registration area: its routes under the spec's prefix. */
export const registrationArea: FastifyPluginAsync<RegistrationOptions> = async (app, options) => {
  await app.register(registrationRoutes, { ...options, prefix: PREFIXES.registration });
};
