import type { OrderStatus } from '@lms/shared/contract';
import type { Generated } from 'kysely';

// Document orders, issued documents and transcript grades (migration 0010_orders).

interface NamedRow {
  id: Generated<number>;
  name: string;
  name_kg: string;
  name_en: string;
  sort_order: number;
}

/** A document a student may order; `instant` (0/1): the portal issues it as a PDF at once. */
export interface OrderDocumentTable extends NamedRow {
  code: string;
  instant: number;
}

export type OrderRegionTable = NamedRow;

export interface OrderDistrictTable extends NamedRow {
  region_id: number;
}

export type OrderPurposeTable = NamedRow;

export interface DocumentOrderTable {
  id: Generated<number>;
  student_id: number;
  document_id: number;
  region_id: number;
  district_id: number;
  purpose_id: number;
  /** YYYY-MM-DD. */
  needed_by: string;
  status: OrderStatus;
  comment: string | null;
  created_at: number;
  status_at: number;
  /** users.id of the registrar who moved it last. */
  handled_by: number | null;
  issued_document_id: number | null;
}

/**
 * A document the portal issued (a transcript, a certificate of study). Its verification QR names
 * the id, signed; `summary` is the JSON of what the verification page may show (what the
 * document itself shows, nothing more).
 */
export interface IssuedDocumentTable {
  id: Generated<number>;
  /** `receipt` since migration 0110_documents (a paid payment's receipt, `payment_id`). */
  kind: 'transcript' | 'certificate' | 'receipt';
  student_id: number;
  summary: string;
  issued_at: number;
  revoked_at: number | null;
  /**
   * Set on documents issued on request (the transcript): kind, student, day and a digest of the
   * content; unique among the documents not revoked, so the same one is answered again that day.
   */
  issue_key: Generated<string | null>;
  // Since migration 0110_documents (the documents area):
  /** The language the document was printed in (its names were read in it); null: older rows. */
  lang: Generated<'kg' | 'ru' | 'en' | null>;
  /** Why the registrar revoked it (as they wrote it), with `revoked_by` (users.id). */
  revoke_reason: Generated<string | null>;
  revoked_by: Generated<number | null>;
  /** The payment a receipt is of. */
  payment_id: Generated<number | null>;
}

/** A final grade: the 100-point score of one discipline in one semester. */
export interface TranscriptGradeTable {
  id: Generated<number>;
  student_id: number;
  group_id: number;
  discipline_id: number;
  year_id: number;
  ws_id: number;
  study_semester: number;
  credits: number;
  score: number;
  created_at: number;
  /** The statement whose confirmation wrote the grade (migration 0040); null: older grades. */
  statement_id: number | null;
}

export interface OrdersTables {
  order_documents: OrderDocumentTable;
  order_regions: OrderRegionTable;
  order_districts: OrderDistrictTable;
  order_purposes: OrderPurposeTable;
  document_orders: DocumentOrderTable;
  issued_documents: IssuedDocumentTable;
  transcript_grades: TranscriptGradeTable;
}
