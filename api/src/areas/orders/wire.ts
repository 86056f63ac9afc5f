import type { Order, OrderStatus, QueueOrder } from '@lms/shared/contract';

// The single window's answers in the contract's shape, from the rows the repository selects.

type Named<P extends string> = {
  [K in `${P}_name` | `${P}_name_kg` | `${P}_name_en`]: string;
};

/** An order with the names of what it refers to (repository.ts `orders`). */
export type OrderRow = Named<'doc'> &
  Named<'region'> &
  Named<'district'> &
  Named<'purpose'> & {
    id: number;
    document_id: number;
    region_id: number;
    district_id: number;
    purpose_id: number;
    needed_by: string;
    status: OrderStatus;
    comment: string | null;
    created_at: number | string | bigint;
    status_at: number | string | bigint;
    issued_document_id: number | null;
    document_revoked_at: number | string | bigint | null;
    full_name: string;
    group_name: string;
  };

const names = <P extends string>(row: Named<P>, prefix: P) => ({
  name: row[`${prefix}_name`],
  name_kg: row[`${prefix}_name_kg`],
  name_en: row[`${prefix}_name_en`],
});

export function orderOf(row: OrderRow): Order {
  return {
    id_order: row.id,
    id_doc: row.document_id,
    doc: names(row, 'doc'),
    id_region: row.region_id,
    region: names(row, 'region'),
    id_district: row.district_id,
    district: names(row, 'district'),
    id_naznachenie: row.purpose_id,
    naznachenie: names(row, 'purpose'),
    date: row.needed_by,
    status: row.status,
    comment: row.comment,
    created: Number(row.created_at),
    statusChanged: Number(row.status_at),
    id_document: row.issued_document_id,
    documentRevoked: row.document_revoked_at === null ? null : Number(row.document_revoked_at),
  };
}

/** An order as the registrar's queue shows it: with its student and group. */
export function queueOrderOf(row: OrderRow): QueueOrder {
  return { ...orderOf(row), student: row.full_name, group: row.group_name };
}
