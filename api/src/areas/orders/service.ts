import type {
  Language,
  Order,
  OrderEvent,
  OrderStatus,
  QueueOrder,
  SessionUser,
} from '@lms/shared/contract';
import { ROLE } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../access/index.js';
import { auditKeys, type AuditTrail } from '../audit/index.js';
import type { Database } from '../../db/schema.js';
import { isRegistrar, ownRecord, visibleRecord } from '../../access/index.js';
import {
  certificateSummary,
  verification,
  type CertificateSummary,
} from '../../lib/documents/issue.js';
import { ApiError, MESSAGES } from '../../lib/http.js';
import type { DocumentsService } from '../documents/index.js';
import type { DocumentsOptions } from '../../lib/documents/grading.js';
import type { StudentCard } from '../../lib/documents/issue.js';
import { certificatePdf } from './certificate.js';
import { ORDER_MESSAGES, ORDER_REFUSALS } from './messages.js';
import type { DocumentToIssue, OrdersRepository } from './repository.js';
import {
  dateRefusal,
  fieldsRefusal,
  issuesOnMove,
  moveConflict,
  moveRefusal,
  referencesRefusal,
  type OrderFields,
} from './rules.js';
import { toOrder, toQueueOrder } from './wire.js';

export interface OrdersServiceOptions {
  documents: DocumentsOptions;
  documentSecret: string;
  /** The origin printed in documents' verification links (options.publicOrigin). */
  publicOrigin: string;
}

/**
 * The single window's writes: each runs its rules, then its writes in one transaction (an order
 * and the certificate issued with it are saved together or not at all).
 */
export function createOrdersService(
  db: Kysely<Database>,
  repos: {
    orders: OrdersRepository;
    /** The student as documents name them (lib/documents/student-card.ts). */
    studentCard: (lang: Language, studentId: number) => Promise<StudentCard | undefined>;
    /** The documents area's revocation (its reason rule, its guarded update). */
    revokeDocument: DocumentsService['revoke'];
  },
  options: OrdersServiceOptions,
  publish: (event: OrderEvent) => Promise<void>,
  trail: AuditTrail,
) {
  const { orders, studentCard } = repos;

  /** The certificate of study to issue for a student (read before the transaction opens). */
  const certificateFor = async (
    lang: Language,
    studentId: number,
    purposeId: number,
    now: Date,
  ): Promise<DocumentToIssue> => {
    const card = await studentCard(lang, studentId);
    const purpose = await orders.purpose(purposeId);
    if (!card || !purpose) throw new ApiError(404, ORDER_MESSAGES.studentMissing);
    return {
      kind: 'certificate',
      studentId,
      summary: { ...certificateSummary(card, purpose, now) },
      // Its names (speciality, faculty, group) are in this language: so is every word of it.
      lang,
    };
  };

  return {
    /** A student's new order; a certificate the portal makes itself is issued with it. */
    async save(lang: Language, studentId: number, fields: OrderFields): Promise<Order> {
      const now = new Date();
      const refusal = fieldsRefusal(fields) ?? dateRefusal(fields.date, now);
      if (refusal) throw new ApiError(400, ORDER_MESSAGES[refusal]);
      const document = await orders.document(fields.id_doc);
      const wrong = referencesRefusal({
        document,
        regionExists: await orders.regionExists(fields.id_region),
        district: await orders.district(fields.id_district),
        purpose: await orders.purpose(fields.id_naznachenie),
        regionId: fields.id_region,
      });
      if (wrong || !document) throw new ApiError(400, ORDER_MESSAGES[wrong ?? 'unknownDocument']);
      const certificate =
        document.instant === 1
          ? await certificateFor(lang, studentId, fields.id_naznachenie, now)
          : undefined;
      const id = await db.transaction().execute(async (trx) => {
        const issuedId = certificate ? await orders.issue(trx, certificate, now.getTime()) : null;
        return orders.create(
          trx,
          {
            studentId,
            documentId: fields.id_doc,
            regionId: fields.id_region,
            districtId: fields.id_district,
            purposeId: fields.id_naznachenie,
            neededBy: fields.date,
          },
          now.getTime(),
          issuedId,
        );
      });
      const order = await orders.find(lang, id);
      if (!order) throw new ApiError(404, MESSAGES.notFound);
      await publish({
        kind: 'saved',
        id_order: id,
        studentId,
        status: order.status,
        comment: null,
      });
      return toOrder(order);
    },

    /** The student cancels their own order while it waits. */
    async cancel(user: SessionUser, id: number): Promise<void> {
      if (!(await orders.cancelWaiting(id, user.id, Date.now()))) {
        // Someone else's order and a missing one answer alike (docs/security.md).
        ownRecord(user, await orders.owner(id), (order) => order.studentId);
        throw new ApiError(409, ORDER_MESSAGES.notWaiting);
      }
      await publish({
        kind: 'cancelled',
        id_order: id,
        studentId: user.id,
        status: 'cancelled',
        comment: null,
      });
    },

    /** The registrar moves an order one step on; a certificate is issued when it gets prepared. */
    async move(
      actor: Actor,
      lang: Language,
      user: SessionUser,
      move: { id_order: number; from: OrderStatus; to: OrderStatus; comment: string | null },
    ): Promise<QueueOrder> {
      const { id_order, from, to, comment } = move;
      if (moveRefusal(from, to)) throw new ApiError(400, ORDER_REFUSALS.badMove);
      const order = await orders.find(lang, id_order);
      if (!order) throw new ApiError(404, MESSAGES.notFound);
      const refusal = moveRefusal(from, to, order.status);
      if (refusal) throw new ApiError(409, ORDER_REFUSALS[refusal]);
      const now = new Date();
      const document = await orders.document(order.document_id);
      const certificate = issuesOnMove(to, document, { id_document: order.issued_document_id })
        ? await certificateFor(lang, order.student_id, order.purpose_id, now)
        : undefined;
      const moved = await db.transaction().execute(async (trx) => {
        const done = await orders.move(
          trx,
          { id: id_order, from, to, comment, by: user.uid },
          now.getTime(),
        );
        if (done && certificate) {
          const issuedId = await orders.issue(trx, certificate, now.getTime());
          await orders.attachDocument(trx, id_order, issuedId);
        }
        if (done) {
          await trail.record(trx, actor, {
            kind: 'order.status',
            key: auditKeys.record('order', id_order),
            studentId: order.student_id,
            before: { status: from },
            after: { status: to, comment },
          });
        }
        return done;
      });
      if (!moved) {
        const current = await orders.find(lang, id_order);
        throw new ApiError(409, ORDER_REFUSALS[moveConflict(current?.status)]);
      }
      const updated = await orders.find(lang, id_order);
      if (!updated) throw new ApiError(404, MESSAGES.notFound);
      await publish({ kind: 'moved', id_order, studentId: order.student_id, status: to, comment });
      return toQueueOrder(updated);
    },

    /**
     * The registrar withdraws an issued document with a reason, by the documents' own rule (one
     * revocation; a second is refused); its student hears of it, the reason with it.
     */
    async revoke(lang: Language, documentId: number, reason: string, by: number) {
      const revoked = await repos.revokeDocument(lang, documentId, reason, by, Date.now());
      const order = await orders.orderOfDocument(documentId);
      if (order) {
        await publish({
          kind: 'revoked',
          id_order: order.id,
          studentId: order.studentId,
          status: order.status,
          comment: revoked.revoke_reason,
        });
      }
      return { id_document: documentId, revoked: revoked.revoked ?? Date.now() };
    },

    /**
     * The certificate issued for an order, as a PDF in the requester's language: its student's
     * or the registrar's; anyone else's order answers as a missing one.
     */
    async certificateFile(
      lang: Language,
      user: SessionUser,
      orderId: number,
    ): Promise<{ id: number; pdf: Buffer }> {
      const order = visibleRecord(
        await orders.find(lang, orderId),
        (found) =>
          (user.role === ROLE.student && found.student_id === user.id) || isRegistrar(user),
      );
      const issued =
        order.issued_document_id === null
          ? undefined
          : await orders.issued(order.issued_document_id);
      if (!issued || issued.kind !== 'certificate') {
        throw new ApiError(404, ORDER_MESSAGES.noDocument);
      }
      const pdf = await certificatePdf({
        ...(issued.summary as unknown as CertificateSummary),
        // In the language it was issued in, whoever reads it (one language, names included).
        lang: issued.lang ?? lang,
        institution: options.documents.institution,
        verification: verification(
          options.publicOrigin,
          options.documentSecret,
          issued.id,
          issued.issuedAt,
        ),
      });
      return { id: issued.id, pdf };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
