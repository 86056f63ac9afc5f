import type {
  District,
  Order,
  OrderDocument,
  Purpose,
  QueueOrder,
  Region,
} from '@lms/shared/contract';
import type {
  DistrictRow,
  DocumentRow,
  NamesRow,
  OrderRow,
  PurposeRow,
  RegionRow,
} from './repository.js';

// The single window's answers in the contract's shape, from the rows the repository selects.

const namesOf = (row: NamesRow): NamesRow => ({
  name: row.name,
  name_kg: row.name_kg,
  name_en: row.name_en,
});

export function toOrderDocument(row: DocumentRow): OrderDocument {
  return { id_doc: row.id, ...namesOf(row), instant: row.instant === 1 };
}

export function toRegion(row: RegionRow): Region {
  return { id_region: row.id, ...namesOf(row) };
}

export function toDistrict(row: DistrictRow): District {
  return { id_district: row.id, id_region: row.region_id, ...namesOf(row) };
}

export function toPurpose(row: PurposeRow): Purpose {
  return { id_naznachenie: row.id, ...namesOf(row) };
}

type Prefix = 'doc' | 'region' | 'district' | 'purpose';

const names = (row: OrderRow, prefix: Prefix): NamesRow => ({
  name: row[`${prefix}_name`],
  name_kg: row[`${prefix}_name_kg`],
  name_en: row[`${prefix}_name_en`],
});

/** An order as its student (and the registrar) sees it. */
export function toOrder(row: OrderRow): Order {
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
    documentRevokeReason: row.document_revoke_reason,
  };
}

/** An order as the registrar's queue shows it: with its student and group. */
export function toQueueOrder(row: OrderRow): QueueOrder {
  return { ...toOrder(row), student: row.full_name, group: row.group_name };
}
