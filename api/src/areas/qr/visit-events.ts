import type { QrVisitEvent } from '@lms/shared/contract';
import type { EventBus } from '../../lib/event-bus.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** QR check-ins and hand marks of a lesson (the teacher's live list). */
    visitEvents: EventBus<QrVisitEvent>;
  }
}

export const VISIT_CHANNEL = 'lms_visits';
