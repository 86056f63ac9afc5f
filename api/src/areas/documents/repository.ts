import type { Kysely } from 'kysely';
import type { IssuedDocumentTable } from '../../db/orders-schema.js';
import type { Database } from '../../db/schema.js';
import { studentsWithPlace } from '../../db/students.js';
import { localized, type Language } from '../../lib/catalogue-names.js';

/** An issued document as the area reads it (instants as numbers, the summary parsed). */
export interface IssuedRow {
  id: number;
  kind: IssuedDocumentTable['kind'];
  studentId: number;
  summary: Record<string, string>;
  issuedAt: number;
  lang: 'kg' | 'ru' | 'en' | null;
  revokedAt: number | null;
  revokeReason: string | null;
  orderId: number | null;
  paymentId: number | null;
}

/** A person the registrar may look documents up for. */
export interface HolderRow {
  studentId: number;
  fio: string;
  group: string;
  groupKg: string | null;
  groupEn: string | null;
}

// Instants are bigint columns: PostgreSQL's driver answers them as strings.
const instant = (value: number | string | bigint | null): number | null =>
  value === null ? null : Number(value);

/**
 * The documents' SQL over the portal's one record of issued documents (`issued_documents`,
 * written where each document is issued: the transcript, the single window, the payments).
 */
export function createDocumentsRepository(db: Kysely<Database>) {
  const issued = () =>
    db
      .selectFrom('issued_documents as d')
      .leftJoin('document_orders as o', 'o.issued_document_id', 'd.id')
      .select([
        'd.id',
        'd.kind',
        'd.student_id',
        'd.summary',
        'd.issued_at',
        'd.lang',
        'd.revoked_at',
        'd.revoke_reason',
        'd.payment_id',
        'o.id as order_id',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof issued>['executeTakeFirstOrThrow']>>;
  const toRow = (row: Row): IssuedRow => ({
    id: row.id,
    kind: row.kind,
    studentId: row.student_id,
    summary: JSON.parse(row.summary) as Record<string, string>,
    issuedAt: Number(row.issued_at),
    lang: row.lang,
    revokedAt: instant(row.revoked_at),
    revokeReason: row.revoke_reason,
    orderId: row.order_id,
    paymentId: row.payment_id,
  });

  return {
    /** A student's documents, newest first. */
    async heldBy(studentIds: number[]): Promise<IssuedRow[]> {
      if (studentIds.length === 0) return [];
      const rows = await issued()
        .where('d.student_id', 'in', studentIds)
        .orderBy('d.issued_at', 'desc')
        .orderBy('d.id', 'desc')
        .execute();
      return rows.map(toRow);
    },

    async find(id: number): Promise<IssuedRow | undefined> {
      const row = await issued().where('d.id', '=', id).executeTakeFirst();
      return row && toRow(row);
    },

    /** The students who hold a document, with their group's names (the registrar's search). */
    async holders(lng: Language): Promise<HolderRow[]> {
      const rows = await studentsWithPlace(db)
        .select([
          's.id',
          'p.full_name',
          localized(lng, 'g.name').as('group_name'),
          'g.name_kg',
          'g.name_en',
        ])
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('issued_documents as d')
              .select('d.id')
              .whereRef('d.student_id', '=', 's.id'),
          ),
        )
        .orderBy('p.full_name')
        .orderBy('s.id')
        .execute();
      return rows.map((row) => ({
        studentId: row.id,
        fio: row.full_name,
        group: row.group_name,
        groupKg: row.name_kg,
        groupEn: row.name_en,
      }));
    },

    /**
     * Revokes a document not yet revoked, in one guarded statement: false when it was revoked
     * already (or is not there), so two registrars at once revoke it once.
     */
    async revoke(id: number, reason: string, by: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('issued_documents')
        .set({ revoked_at: now, revoke_reason: reason, revoked_by: by })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
