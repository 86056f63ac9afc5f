import { Type, type Static } from '@sinclair/typebox';
import {
  ORDER_COMMENT_MAX_LENGTH,
  ORDER_STATUSES,
  REVOKE_REASON_MAX_LENGTH,
  REVOKE_REASON_MIN_LENGTH,
} from './constants.js';
import { Id } from './envelope.js';
import { withSchemas } from './endpoint.js';
import { ORDERS_ADDRESSES } from './endpoints/orders.js';
import { EmptyBody } from './envelope.js';

// Single-window document orders (spec §3 "Document order", §4, §5, §7 /api/singlewindow/, §9).
// Every list entry carries its name in the three interface languages.

const Names = {
  name: Type.String(),
  name_kg: Type.String(),
  name_en: Type.String(),
};

export const OrderStatusSchema = Type.Union(ORDER_STATUSES.map((status) => Type.Literal(status)));

/** POST doc/list: the documents a student may order. `instant`: the portal issues it itself. */
export const OrderDocument = Type.Object({ id_doc: Id, ...Names, instant: Type.Boolean() });
export type OrderDocument = Static<typeof OrderDocument>;
export const DocListResponse = Type.Array(OrderDocument);
export type DocListResponse = Static<typeof DocListResponse>;

/** POST region/list: Kyrgyzstan's regions and the two cities of republican significance. */
export const Region = Type.Object({ id_region: Id, ...Names });
export type Region = Static<typeof Region>;
export const RegionListResponse = Type.Array(Region);
export type RegionListResponse = Static<typeof RegionListResponse>;

/** POST district/list {id_region}: the region's districts. */
export const DistrictListBody = Type.Object({ id_region: Type.Integer() });
export type DistrictListBody = Static<typeof DistrictListBody>;
export const District = Type.Object({ id_district: Id, id_region: Id, ...Names });
export type District = Static<typeof District>;
export const DistrictListResponse = Type.Array(District);
export type DistrictListResponse = Static<typeof DistrictListResponse>;

/** POST naznachenie/list: where the document is to be presented. */
export const Purpose = Type.Object({ id_naznachenie: Id, ...Names });
export type Purpose = Static<typeof Purpose>;
export const NaznachenieListResponse = Type.Array(Purpose);
export type NaznachenieListResponse = Static<typeof NaznachenieListResponse>;

const NamedRef = Type.Object(Names);

/** One order as its student (and the registrar) sees it. Instants are epoch ms. */
export const Order = Type.Object({
  id_order: Id,
  id_doc: Id,
  doc: NamedRef,
  id_region: Id,
  region: NamedRef,
  id_district: Id,
  district: NamedRef,
  id_naznachenie: Id,
  naznachenie: NamedRef,
  /** The date the document is needed by, YYYY-MM-DD. */
  date: Type.String(),
  status: OrderStatusSchema,
  /** The registrar's note ("ready at room 105"), or null. */
  comment: Type.Union([Type.String(), Type.Null()]),
  created: Type.Integer(),
  /** When the status last changed. */
  statusChanged: Type.Integer(),
  /** A document the portal issued for this order (PDF at order/document.file), or null. */
  id_document: Type.Union([Id, Type.Null()]),
  /** When the registrar revoked that document (its QR then says so), or null. */
  documentRevoked: Type.Union([Type.Integer(), Type.Null()]),
  /** Why the registrar revoked it, as they wrote it, or null. */
  documentRevokeReason: Type.Union([Type.String(), Type.Null()]),
});
export type Order = Static<typeof Order>;

/** POST order/list: the student's own orders, newest first. */
export const OrderListResponse = Type.Array(Order);
export type OrderListResponse = Static<typeof OrderListResponse>;

/**
 * POST order/save: every field must be chosen (spec §5); a placeholder (-1) or an empty date is
 * refused with one message naming what is missing.
 */
export const OrderSaveBody = Type.Object({
  id_doc: Type.Integer(),
  id_region: Type.Integer(),
  id_district: Type.Integer(),
  id_naznachenie: Type.Integer(),
  date: Type.String({ maxLength: 10 }),
});
export type OrderSaveBody = Static<typeof OrderSaveBody>;
export const OrderSaveResponse = Order;
export type OrderSaveResponse = Static<typeof OrderSaveResponse>;

/**
 * POST order/cancel: only the owner, only while waiting. The order stays, with status
 * `cancelled`, and moves no more. Answers the cancelled order's id.
 */
export const OrderCancelBody = Type.Object({ id_order: Id });
export type OrderCancelBody = Static<typeof OrderCancelBody>;
export const OrderCancelResponse = Type.Object({ id_order: Id });
export type OrderCancelResponse = Static<typeof OrderCancelResponse>;

/** GET order/document.file?id_order: the PDF the portal issued for the order (the owner only). */
export const OrderDocumentQuery = Type.Object({
  id_order: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }),
});
export type OrderDocumentQuery = Static<typeof OrderDocumentQuery>;

// The registrar's side (users with registrarPerms).

/**
 * POST queue/list: the orders, oldest first, filtered by status and document. Without a status,
 * the work: every order but the cancelled ones (asked for with status `cancelled`).
 */
export const QueueListBody = Type.Object({
  status: Type.Optional(Type.Union([OrderStatusSchema, Type.Null()])),
  id_doc: Type.Optional(Type.Union([Id, Type.Null()])),
});
export type QueueListBody = Static<typeof QueueListBody>;
export const QueueOrder = Type.Composite([
  Order,
  Type.Object({ student: Type.String(), group: Type.String() }),
]);
export type QueueOrder = Static<typeof QueueOrder>;
export const QueueListResponse = Type.Array(QueueOrder);
export type QueueListResponse = Static<typeof QueueListResponse>;

/**
 * POST queue/move: moves an order one step forward (waiting → preparing → prepared, see
 * ORDER_NEXT_STATUS) with an optional comment; any other step is refused with 400. `from` is the
 * status the registrar saw: a changed order (cancelled, moved by a colleague) is refused with 409
 * instead of being moved twice.
 */
export const QueueMoveBody = Type.Object({
  id_order: Id,
  from: OrderStatusSchema,
  to: OrderStatusSchema,
  comment: Type.Optional(
    Type.Union([Type.String({ maxLength: ORDER_COMMENT_MAX_LENGTH }), Type.Null()]),
  ),
});
export type QueueMoveBody = Static<typeof QueueMoveBody>;
export const QueueMoveResponse = QueueOrder;
export type QueueMoveResponse = Static<typeof QueueMoveResponse>;

/**
 * POST document/revoke: the registrar withdraws an issued document with a reason (its student
 * reads it with the order; the document's QR then says it was revoked).
 */
export const DocumentRevokeBody = Type.Object({
  id_document: Id,
  reason: Type.String({
    minLength: REVOKE_REASON_MIN_LENGTH,
    maxLength: REVOKE_REASON_MAX_LENGTH,
    examples: ['Issued with a wrong birth date'],
  }),
});
export type DocumentRevokeBody = Static<typeof DocumentRevokeBody>;
export const DocumentRevokeResponse = Type.Object({ id_document: Id, revoked: Type.Integer() });
export type DocumentRevokeResponse = Static<typeof DocumentRevokeResponse>;

/**
 * GET singlewindow/events: Server-Sent Events named `order`, sent to the order's student and to
 * registrars: an order was created, moved or cancelled, or its issued document was revoked.
 */
export interface OrderEvent {
  kind: 'saved' | 'moved' | 'cancelled' | 'revoked';
  id_order: number;
  /** The student (students.id) who owns the order. */
  studentId: number;
  status: (typeof ORDER_STATUSES)[number] | null;
  comment: string | null;
}

/** The single window (document orders) endpoints for the API: each address with the schemas it validates. */
export const ORDERS_ENDPOINTS = withSchemas(ORDERS_ADDRESSES, {
  documents: { body: EmptyBody, response: DocListResponse },
  regions: { body: EmptyBody, response: RegionListResponse },
  districts: { body: DistrictListBody, response: DistrictListResponse },
  purposes: { body: EmptyBody, response: NaznachenieListResponse },
  mine: { body: EmptyBody, response: OrderListResponse },
  save: { body: OrderSaveBody, response: OrderSaveResponse },
  cancel: { body: OrderCancelBody, response: OrderCancelResponse },
  documentFile: { querystring: OrderDocumentQuery },
  queue: { body: QueueListBody, response: QueueListResponse },
  move: { body: QueueMoveBody, response: QueueMoveResponse },
  revoke: { body: DocumentRevokeBody, response: DocumentRevokeResponse },
  events: {},
});
