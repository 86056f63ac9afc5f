import type { Language } from '../../lib/catalogue-names.js';
import {
  DistrictListBody,
  DistrictListResponse,
  DocListResponse,
  DocumentRevokeBody,
  DocumentRevokeResponse,
  EmptyBody,
  Envelope,
  NaznachenieListResponse,
  OrderCancelBody,
  OrderCancelResponse,
  OrderDocumentQuery,
  OrderListResponse,
  OrderSaveBody,
  OrderSaveResponse,
  QueueListBody,
  QueueListResponse,
  QueueMoveBody,
  QueueMoveResponse,
  RegionListResponse,
  ORDER_MAX_DAYS_AHEAD,
  ORDER_NEXT_STATUS,
  ROLE,
  type OrderEvent,
  type SessionUser,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { attachmentDisposition } from '../../lib/download.js';
import { certificateSummary, verification } from '../../lib/documents/issue.js';
import { certificatePdf, type CertificateSummary } from '../../lib/documents/pdfs.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { DEFAULT_HEARTBEAT_MS, openEventStream } from '../../lib/sse.js';
import type { DocumentsOptions } from '../../options.js';
import { sessionUser } from '../../plugins/app/session.js';
import { hiddenRecord } from '../../access/index.js';

/** Errors of the single window, in Russian as the client shows them. */
export const ORDER_MESSAGES = {
  fieldsRequired: 'Заполните все поля заказа',
  badDate: 'Неверная дата: укажите день в формате ГГГГ-ММ-ДД',
  pastDate: 'Дата не может быть раньше сегодняшней',
  farDate: `Дата не может быть позже чем через ${ORDER_MAX_DAYS_AHEAD} дней`,
  unknownDocument: 'Неизвестный документ',
  unknownRegion: 'Неизвестная область',
  districtMismatch: 'Район не относится к выбранной области',
  unknownPurpose: 'Неизвестное назначение',
  notWaiting: 'Отменить можно только заказ, который ещё ожидает',
  registrarOnly: 'Доступно только офису регистратора',
  noDocument: 'Для этого заказа портал не выпускал документ',
  studentMissing: 'Студент не найден',
} as const;

/** The registrar's refusals of a move, in the user's language. */
export const ORDER_REFUSALS = {
  badMove: {
    ru: 'Статус переводится только на следующий шаг: ожидает → готовится → готов',
    kg: 'Статус кийинки кадамга гана которулат: күтүүдө → даярдалууда → даяр',
    en: 'An order moves only to the next step: waiting → preparing → prepared',
  },
  cancelled: {
    ru: 'Студент отменил этот заказ: его статус больше не меняется',
    kg: 'Студент бул буйрутманы жокко чыгарды: анын статусу мындан ары өзгөрбөйт',
    en: 'The student has cancelled this order: its status no longer changes',
  },
  stale: {
    ru: 'Заказ уже изменён: обновите список',
    kg: 'Буйрутма буга чейин өзгөртүлгөн: тизмени жаңыртыңыз',
    en: 'The order has already been changed: refresh the list',
  },
} as const satisfies Record<string, Record<Language, string>>;

/** YYYY-MM-DD of `now` in the server's time zone (the university's). */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A real calendar day YYYY-MM-DD, or null. */
function parseDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
    ? date
    : null;
}

const isRegistrar = (user: SessionUser) => user.registrarPerms === true;

function assertRegistrar(user: SessionUser): void {
  if (!isRegistrar(user)) throw new ApiError(403, ORDER_MESSAGES.registrarOnly);
}

type SingleWindowOptions = {
  documents: DocumentsOptions;
  documentSecret: string;
  /** The origin printed in documents' verification links (options.publicOrigin). */
  publicOrigin: string;
  heartbeatMs?: number;
};

/** The single window (spec §7 /api/singlewindow/): students order documents, the registrar moves them. */
const singleWindowRoutes: FastifyPluginAsyncTypebox<SingleWindowOptions> = async (app, options) => {
  app.addHook('onRequest', app.requireUser);
  const { orders, transcript } = app.repos;
  const studentOnly = app.requireRole(ROLE.student);

  const publish = (event: OrderEvent) =>
    app.orderEvents
      .publish(event)
      .catch((error: unknown) => app.log.warn({ err: error }, 'order event not published'));

  /** Issues a certificate of study inside the order's transaction. */
  const certificateIssuer = async (
    lng: Language,
    studentId: number,
    purposeId: number,
    now: Date,
  ) => {
    const card = await transcript.studentCard(lng, studentId);
    const purpose = await orders.purpose(purposeId);
    if (!card || !purpose) throw new ApiError(404, ORDER_MESSAGES.studentMissing);
    const summary = certificateSummary(card, purpose, now);
    return (trx: Parameters<typeof orders.issue>[0]) =>
      orders.issue(trx, { kind: 'certificate', studentId, summary: { ...summary } }, now.getTime());
  };

  // ---- Lists (spec §7): anyone signed in ----

  app.post(
    '/doc/list.json',
    { schema: { body: EmptyBody, response: { 200: Envelope(DocListResponse) } } },
    async () => ok(await orders.documents()),
  );
  app.post(
    '/region/list.json',
    { schema: { body: EmptyBody, response: { 200: Envelope(RegionListResponse) } } },
    async () => ok(await orders.regions()),
  );
  app.post(
    '/district/list.json',
    { schema: { body: DistrictListBody, response: { 200: Envelope(DistrictListResponse) } } },
    async (request) =>
      ok(request.body.id_region < 1 ? [] : await orders.districts(request.body.id_region)),
  );
  app.post(
    '/naznachenie/list.json',
    { schema: { body: EmptyBody, response: { 200: Envelope(NaznachenieListResponse) } } },
    async () => ok(await orders.purposes()),
  );

  // ---- The student's orders ----

  app.post(
    '/order/list.json',
    {
      onRequest: studentOnly,
      schema: { body: EmptyBody, response: { 200: Envelope(OrderListResponse) } },
    },
    async (request) => ok(await orders.listForStudent(request.lang, sessionUser(request).id)),
  );

  app.post(
    '/order/save.json',
    {
      onRequest: studentOnly,
      schema: { body: OrderSaveBody, response: { 200: Envelope(OrderSaveResponse) } },
    },
    async (request) => {
      const user = sessionUser(request);
      const { id_doc, id_region, id_district, id_naznachenie, date } = request.body;
      // Spec §5: every field must be chosen (a placeholder is -1).
      if (id_doc < 1 || id_region < 1 || id_district < 1 || id_naznachenie < 1 || !date.trim()) {
        throw new ApiError(400, ORDER_MESSAGES.fieldsRequired);
      }
      const now = new Date();
      const day = parseDay(date);
      if (!day) throw new ApiError(400, ORDER_MESSAGES.badDate);
      if (date < localDay(now)) throw new ApiError(400, ORDER_MESSAGES.pastDate);
      const latest = new Date(now);
      latest.setDate(latest.getDate() + ORDER_MAX_DAYS_AHEAD);
      if (date > localDay(latest)) throw new ApiError(400, ORDER_MESSAGES.farDate);
      const document = await orders.document(id_doc);
      if (!document) throw new ApiError(400, ORDER_MESSAGES.unknownDocument);
      if (!(await orders.regionExists(id_region))) {
        throw new ApiError(400, ORDER_MESSAGES.unknownRegion);
      }
      const district = await orders.district(id_district);
      if (!district || district.region_id !== id_region) {
        throw new ApiError(400, ORDER_MESSAGES.districtMismatch);
      }
      if (!(await orders.purpose(id_naznachenie))) {
        throw new ApiError(400, ORDER_MESSAGES.unknownPurpose);
      }
      const issue =
        document.instant === 1
          ? await certificateIssuer(request.lang, user.id, id_naznachenie, now)
          : undefined;
      const id = await orders.create(
        {
          studentId: user.id,
          documentId: id_doc,
          regionId: id_region,
          districtId: id_district,
          purposeId: id_naznachenie,
          neededBy: date,
        },
        now.getTime(),
        issue,
      );
      const order = await orders.find(request.lang, id);
      if (!order) throw new ApiError(404, MESSAGES.notFound);
      await publish({
        kind: 'saved',
        id_order: id,
        studentId: user.id,
        status: order.status,
        comment: null,
      });
      const { studentId: _owner, ...answer } = order;
      return ok(answer);
    },
  );

  app.post(
    '/order/cancel.json',
    {
      onRequest: studentOnly,
      schema: { body: OrderCancelBody, response: { 200: Envelope(OrderCancelResponse) } },
    },
    async (request) => {
      const user = sessionUser(request);
      const { id_order } = request.body;
      const outcome = await orders.cancel(id_order, user.id);
      // Someone else's order and a missing one answer alike (docs/security.md).
      if (outcome === 'missing' || outcome === 'forbidden') throw hiddenRecord();
      if (outcome === 'not-waiting') throw new ApiError(409, ORDER_MESSAGES.notWaiting);
      await publish({
        kind: 'cancelled',
        id_order,
        studentId: user.id,
        status: 'cancelled',
        comment: null,
      });
      return ok({ id_order });
    },
  );

  app.get(
    '/order/document.file',
    { schema: { querystring: OrderDocumentQuery } },
    async (request, reply) => {
      const user = sessionUser(request);
      const order = await orders.find(request.lang, Number(request.query.id_order));
      const owner = user.role === ROLE.student && order?.studentId === user.id;
      if (!order || (!owner && !isRegistrar(user))) throw hiddenRecord();
      const issued =
        order.id_document === null ? undefined : await orders.issued(order.id_document);
      if (!issued || issued.kind !== 'certificate') {
        throw new ApiError(404, ORDER_MESSAGES.noDocument);
      }
      const pdf = await certificatePdf({
        ...(issued.summary as unknown as CertificateSummary),
        institution: options.documents.institution,
        verification: verification(
          options.publicOrigin,
          options.documentSecret,
          issued.id,
          issued.issuedAt,
        ),
      });
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachmentDisposition(`certificate-${issued.id}.pdf`))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  // ---- The registrar's queue ----

  app.post(
    '/queue/list.json',
    { schema: { body: QueueListBody, response: { 200: Envelope(QueueListResponse) } } },
    async (request) => {
      assertRegistrar(sessionUser(request));
      return ok(
        await orders.queue(request.lang, {
          status: request.body.status,
          documentId: request.body.id_doc,
        }),
      );
    },
  );

  app.post(
    '/queue/move.json',
    { schema: { body: QueueMoveBody, response: { 200: Envelope(QueueMoveResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      assertRegistrar(user);
      const { id_order, from, to } = request.body;
      const comment = request.body.comment?.trim() || null;
      // One step at a time: waiting → preparing → prepared; nothing moves a cancelled order.
      if (ORDER_NEXT_STATUS[from] !== to) {
        throw new ApiError(400, ORDER_REFUSALS.badMove[request.lang]);
      }
      const order = await orders.find(request.lang, id_order);
      if (!order) throw new ApiError(404, MESSAGES.notFound);
      if (order.status === 'cancelled') {
        throw new ApiError(409, ORDER_REFUSALS.cancelled[request.lang]);
      }
      const now = new Date();
      // A certificate the portal makes itself is issued when it becomes prepared.
      const document = await orders.document(order.id_doc);
      const issue =
        to === 'prepared' && document?.instant === 1 && order.id_document === null
          ? await certificateIssuer(request.lang, order.studentId, order.id_naznachenie, now)
          : undefined;
      const moved = await orders.move(
        { id: id_order, from, to, comment, by: user.uid },
        now.getTime(),
        issue,
      );
      if (!moved) {
        const current = await orders.find(request.lang, id_order);
        throw new ApiError(
          409,
          ORDER_REFUSALS[current?.status === 'cancelled' ? 'cancelled' : 'stale'][request.lang],
        );
      }
      const updated = await orders.queueOrder(request.lang, id_order);
      if (!updated) throw new ApiError(404, MESSAGES.notFound);
      await publish({
        kind: 'moved',
        id_order,
        studentId: order.studentId,
        status: to,
        comment,
      });
      return ok(updated);
    },
  );

  app.post(
    '/document/revoke.json',
    { schema: { body: DocumentRevokeBody, response: { 200: Envelope(DocumentRevokeResponse) } } },
    async (request) => {
      assertRegistrar(sessionUser(request));
      const now = Date.now();
      const revoked = await orders.revoke(request.body.id_document, now);
      if (revoked === undefined) throw new ApiError(404, MESSAGES.notFound);
      // The student hears of it live (a repeated revoke changed nothing and says nothing).
      const order = revoked === now ? await orders.orderOfDocument(request.body.id_document) : null;
      if (order) {
        await publish({
          kind: 'revoked',
          id_order: order.id,
          studentId: order.studentId,
          status: order.status,
          comment: null,
        });
      }
      return ok({ id_document: request.body.id_document, revoked });
    },
  );

  // ---- Live events: a student hears about their own orders, the registrar about all ----

  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });
  app.get('/events', async (request: FastifyRequest, reply) => {
    const user = sessionUser(request);
    const registrar = isRegistrar(user);
    if (!registrar && user.role !== ROLE.student) throw new ApiError(403, MESSAGES.forbidden);
    const stream = openEventStream(request, reply, options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
    const unsubscribe = app.orderEvents.subscribe((event) => {
      if (registrar || (user.role === ROLE.student && event.studentId === user.id)) {
        stream.send('order', event);
      }
    });
    stream.onEnd(unsubscribe);
    streams.add(stream.end);
    stream.onEnd(() => streams.delete(stream.end));
  });
};

export default singleWindowRoutes;
