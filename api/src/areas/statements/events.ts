import type { StatementNoticeKind } from '@lms/shared/contract';
import type { EventBus } from '../../lib/event-bus.js';

/**
 * A teacher told of a statement (channel `lms_statement_notices`), published once its notice is
 * stored: the push area sends it to the teacher's devices that want `teaching`. `id` is the
 * notice's, `teacherId` is teachers.id.
 */
export interface StatementNoticeEvent {
  id: number;
  kind: StatementNoticeKind;
  statementId: number;
  teacherId: number;
}

export type StatementNoticeBus = EventBus<StatementNoticeEvent>;

declare module 'fastify' {
  interface FastifyInstance {
    statementNotices: StatementNoticeBus;
  }
}

export const STATEMENT_NOTICES_CHANNEL = 'lms_statement_notices';
