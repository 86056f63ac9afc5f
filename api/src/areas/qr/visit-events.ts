import type { QrVisitEvent } from '@lms/shared/contract';
import { createEventBus, type EventBus } from '../../lib/event-bus.js';
import { appPlugin } from '../../lib/plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** QR check-ins and hand marks of a lesson (the teacher's live list). */
    visitEvents: EventBus<QrVisitEvent>;
  }
}

export const VISIT_CHANNEL = 'lms_visits';

/** A lesson's check-ins and hand marks, for every API process (channel `lms_visits`). */
export const visitEvents = appPlugin(
  'visit-events',
  async (app, options: { databaseUrl?: string }) => {
    app.decorate(
      'visitEvents',
      await createEventBus<QrVisitEvent>(app, VISIT_CHANNEL, options.databaseUrl),
    );
  },
);
