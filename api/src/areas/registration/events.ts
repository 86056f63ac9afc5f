import type { EventBus } from '../../lib/event-bus.js';
import type { WaitlistEvent } from './waitlist-service.js';

/**
 * Registration's live events, for every API process (PostgreSQL LISTEN/NOTIFY on
 * `lms_registration`, in-process with SQLite). Published after the write commits:
 *
 * - `{ kind: 'promoted', studentId, streamId, disciplineId, registrationId, reason: null }`: a freed
 *   seat registered the student from the stream's waiting list;
 * - `{ kind: 'skipped', studentId, streamId, disciplineId, registrationId: null, reason }`: the
 *   student's turn came but the rules refused them (`reason`, a refusal code of rules.ts).
 *
 * The student's open registration page hears them through GET /lms/api/regfordisciplines/events
 * (SSE event `waitlist`); other listeners (push notifications) subscribe to `app.registrationEvents`.
 */
export type RegistrationEventBus = EventBus<WaitlistEvent>;

declare module 'fastify' {
  interface FastifyInstance {
    registrationEvents: RegistrationEventBus;
  }
}

export const REGISTRATION_CHANNEL = 'lms_registration';
