import type { OrderStatus } from '@lms/shared/contract';
import type { Kysely, Selectable } from 'kysely';
import type { DocumentOrderTable, IssuedDocumentTable } from '../../db/orders-schema.js';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';

export interface NewOrder {
  studentId: number;
  documentId: number;
  regionId: number;
  districtId: number;
  purposeId: number;
  neededBy: string;
}

export interface IssuedDocument {
  id: number;
  kind: IssuedDocumentTable['kind'];
  studentId: number;
  summary: Record<string, string>;
  issuedAt: number;
  revokedAt: number | null;
  /** Why the registrar revoked it (documents area), or null. */
  revokeReason: string | null;
  /** The language it was issued in (its names are in it), or null for older documents. */
  lang: 'kg' | 'ru' | 'en' | null;
}

const names = <T extends string>(prefix: T) =>
  [`${prefix}.name`, `${prefix}.name_kg`, `${prefix}.name_en`] as const;

/** A catalogue entry named in every language (the student's form offers them all). */
export interface NamesRow {
  name: string;
  name_kg: string;
  name_en: string;
}

/** A document the single window issues; `instant`: the portal makes it at once (1). */
export type DocumentRow = NamesRow & { id: number; instant: number };

export type RegionRow = NamesRow & { id: number };

export type DistrictRow = NamesRow & { id: number; region_id: number };

export type PurposeRow = NamesRow & { id: number };

type Named<P extends string> = {
  [K in `${P}_name` | `${P}_name_kg` | `${P}_name_en`]: string;
};

/** An order with the names of what it refers to, its student's and their group's. */
export type OrderRow = Named<'doc'> &
  Named<'region'> &
  Named<'district'> &
  Named<'purpose'> &
  Omit<Selectable<DocumentOrderTable>, 'created_at' | 'status_at' | 'handled_by'> & {
    // Instants are bigint columns: PostgreSQL's driver answers them as strings.
    created_at: number | string | bigint;
    status_at: number | string | bigint;
    document_revoked_at: number | string | bigint | null;
    document_revoke_reason: string | null;
    full_name: string;
    group_name: string;
  };

/** What an issued document shows and whose it is. */
export interface DocumentToIssue {
  kind: IssuedDocument['kind'];
  studentId: number;
  summary: Record<string, string>;
  /** The language it is printed in, the one its names were read in. */
  lang?: 'kg' | 'ru' | 'en';
}

/** The `issued_documents` row of a new document (`key`: the same-day key, or none). */
function issuedRow(document: DocumentToIssue, now: number, key: string | null) {
  return {
    kind: document.kind,
    student_id: document.studentId,
    summary: JSON.stringify(document.summary),
    issued_at: now,
    revoked_at: null,
    issue_key: key,
    lang: document.lang ?? null,
  };
}

export function createOrdersRepository(db: Kysely<Database>) {
  /** Orders with the names of what they refer to (`OrderRow`; wire.ts gives them the contract's shape). */
  const orders = (lng: Language) =>
    db
      .selectFrom('document_orders as o')
      .innerJoin('order_documents as doc', 'doc.id', 'o.document_id')
      .innerJoin('order_regions as r', 'r.id', 'o.region_id')
      .innerJoin('order_districts as di', 'di.id', 'o.district_id')
      .innerJoin('order_purposes as pu', 'pu.id', 'o.purpose_id')
      .innerJoin('students as s', 's.id', 'o.student_id')
      .innerJoin('persons as p', 'p.id', 's.person_id')
      .innerJoin('groups as g', 'g.id', 's.group_id')
      .leftJoin('issued_documents as idoc', 'idoc.id', 'o.issued_document_id')
      .select([
        'o.id',
        'o.student_id',
        'o.document_id',
        'o.region_id',
        'o.district_id',
        'o.purpose_id',
        'o.needed_by',
        'o.status',
        'o.comment',
        'o.created_at',
        'o.status_at',
        'o.issued_document_id',
        'idoc.revoked_at as document_revoked_at',
        'idoc.revoke_reason as document_revoke_reason',
        'doc.name as doc_name',
        'doc.name_kg as doc_name_kg',
        'doc.name_en as doc_name_en',
        'r.name as region_name',
        'r.name_kg as region_name_kg',
        'r.name_en as region_name_en',
        'di.name as district_name',
        'di.name_kg as district_name_kg',
        'di.name_en as district_name_en',
        'pu.name as purpose_name',
        'pu.name_kg as purpose_name_kg',
        'pu.name_en as purpose_name_en',
        'p.full_name',
        localized(lng, 'g.name').as('group_name'),
      ]);
  return {
    async documents(): Promise<DocumentRow[]> {
      return db
        .selectFrom('order_documents as doc')
        .select(['doc.id', ...names('doc'), 'doc.instant'])
        .orderBy('doc.sort_order')
        .execute();
    },

    async document(id: number) {
      return db
        .selectFrom('order_documents')
        .select(['id', 'code', 'name', 'name_kg', 'name_en', 'instant'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async regions(): Promise<RegionRow[]> {
      return db
        .selectFrom('order_regions as r')
        .select(['r.id', ...names('r')])
        .orderBy('r.sort_order')
        .execute();
    },

    async districts(regionId: number): Promise<DistrictRow[]> {
      return db
        .selectFrom('order_districts as d')
        .select(['d.id', 'd.region_id', ...names('d')])
        .where('d.region_id', '=', regionId)
        .orderBy('d.sort_order')
        .execute();
    },

    async district(id: number) {
      return db
        .selectFrom('order_districts')
        .select(['id', 'region_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async regionExists(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('order_regions')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    async purposes(): Promise<PurposeRow[]> {
      return db
        .selectFrom('order_purposes as pu')
        .select(['pu.id', ...names('pu')])
        .orderBy('pu.sort_order')
        .execute();
    },

    async purpose(id: number) {
      return db
        .selectFrom('order_purposes')
        .select(['id', 'name', 'name_kg', 'name_en'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** A new order: waiting, or prepared with its issued document (`issuedId`). */
    async create(
      trx: Kysely<Database>,
      order: NewOrder,
      now: number,
      issuedId: number | null,
    ): Promise<number> {
      const row = await trx
        .insertInto('document_orders')
        .values({
          student_id: order.studentId,
          document_id: order.documentId,
          region_id: order.regionId,
          district_id: order.districtId,
          purpose_id: order.purposeId,
          needed_by: order.neededBy,
          status: issuedId === null ? 'waiting' : 'prepared',
          comment: null,
          created_at: now,
          status_at: now,
          handled_by: null,
          issued_document_id: issuedId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async find(lng: Language, id: number): Promise<OrderRow | undefined> {
      return orders(lng).where('o.id', '=', id).executeTakeFirst();
    },

    async listForStudent(lng: Language, studentId: number): Promise<OrderRow[]> {
      return orders(lng)
        .where('o.student_id', '=', studentId)
        .orderBy('o.created_at', 'desc')
        .orderBy('o.id', 'desc')
        .execute();
    },

    /**
     * The registrar's queue, oldest first (the longest wait on top). Without a status, the work:
     * cancelled orders only when asked for.
     */
    async queue(
      lng: Language,
      filter: { status?: OrderStatus | null; documentId?: number | null },
    ): Promise<OrderRow[]> {
      let query = orders(lng);
      query = filter.status
        ? query.where('o.status', '=', filter.status)
        : query.where('o.status', '!=', 'cancelled');
      if (filter.documentId) query = query.where('o.document_id', '=', filter.documentId);
      return query.orderBy('o.created_at').orderBy('o.id').execute();
    },

    /**
     * Cancels the student's own order, only while it is waiting: one statement decides. The
     * order stays, cancelled (its history), and moves no more. False when nothing changed.
     */
    async cancelWaiting(id: number, studentId: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('document_orders')
        .set({ status: 'cancelled', status_at: now })
        .where('id', '=', id)
        .where('student_id', '=', studentId)
        .where('status', '=', 'waiting')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Whose order this is (undefined: there is none). */
    async owner(id: number): Promise<{ studentId: number } | undefined> {
      const row = await db
        .selectFrom('document_orders')
        .select(['student_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { studentId: row.student_id };
    },

    /**
     * Moves an order from the status the registrar saw to the next one; false when it has
     * changed meanwhile (moved by a colleague, cancelled).
     */
    async move(
      trx: Kysely<Database>,
      move: { id: number; from: OrderStatus; to: OrderStatus; comment: string | null; by: number },
      now: number,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('document_orders')
        .set({ status: move.to, comment: move.comment, status_at: now, handled_by: move.by })
        .where('id', '=', move.id)
        .where('status', '=', move.from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Links the document issued for an order to it. */
    async attachDocument(trx: Kysely<Database>, id: number, issuedId: number): Promise<void> {
      await trx
        .updateTable('document_orders')
        .set({ issued_document_id: issuedId })
        .where('id', '=', id)
        .execute();
    },

    /** Records a document the portal issues; its id goes into the verification QR. */
    async issue(trx: Kysely<Database>, document: DocumentToIssue, now: number): Promise<number> {
      const row = await trx
        .insertInto('issued_documents')
        .values(issuedRow(document, now, null))
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * The document not revoked issued under `key` (kind, student, day, content), or a new one:
     * asking again the same day answers the same document, and two asks at once issue one (the
     * key is unique among the documents not revoked; the later insert yields to the earlier).
     */
    async issueOnce(
      document: DocumentToIssue,
      key: string,
      now: number,
    ): Promise<{ id: number; issuedAt: number }> {
      const live = () =>
        db
          .selectFrom('issued_documents')
          .select(['id', 'issued_at'])
          .where('issue_key', '=', key)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
      const found =
        (await live()) ??
        (await db
          .insertInto('issued_documents')
          .values(issuedRow(document, now, key))
          .onConflict((oc) => oc.doNothing())
          .returning(['id', 'issued_at'])
          .executeTakeFirst()) ??
        (await live());
      if (!found) throw new Error('issued document neither found nor inserted');
      return { id: found.id, issuedAt: Number(found.issued_at) };
    },

    async issued(id: number): Promise<IssuedDocument | undefined> {
      const row = await db
        .selectFrom('issued_documents')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        kind: row.kind,
        studentId: row.student_id,
        summary: JSON.parse(row.summary) as Record<string, string>,
        issuedAt: Number(row.issued_at),
        revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
        revokeReason: row.revoke_reason,
        lang: row.lang,
      };
    },

    /** The order an issued document was made for (its student hears of a revocation). */
    async orderOfDocument(
      documentId: number,
    ): Promise<{ id: number; studentId: number; status: OrderStatus } | undefined> {
      const row = await db
        .selectFrom('document_orders')
        .select(['id', 'student_id', 'status'])
        .where('issued_document_id', '=', documentId)
        .executeTakeFirst();
      return row && { id: row.id, studentId: row.student_id, status: row.status };
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
