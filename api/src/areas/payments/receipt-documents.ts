import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** What a receipt's verification page may show: what the receipt itself prints. */
export interface ReceiptSummary {
  fio: string;
  receiptNo: string;
  service: string;
  service_kg: string;
  service_en: string;
  /** Tyiyn, as digits. */
  amount: string;
  /** Epoch ms, as digits. */
  paidAt: string;
}

/**
 * The receipt of a paid payment in the portal's record of issued documents (`issued_documents`,
 * kind `receipt`): made the first time the receipt is printed, the same one ever after (revoked
 * or not: a revoked receipt prints with its link, which says so). Two first prints at once make
 * one: the same-content key is unique among the documents not revoked.
 */
export async function issuedReceipt(
  db: Kysely<Database>,
  payment: { id: number; studentId: number },
  summary: ReceiptSummary,
  now: number,
): Promise<{ id: number; issuedAt: number }> {
  const stored = () =>
    db
      .selectFrom('issued_documents')
      .select(['id', 'issued_at'])
      .where('kind', '=', 'receipt')
      .where('payment_id', '=', payment.id)
      .orderBy('id')
      .executeTakeFirst();
  const found =
    (await stored()) ??
    (await db
      .insertInto('issued_documents')
      .values({
        kind: 'receipt',
        student_id: payment.studentId,
        summary: JSON.stringify(summary),
        issued_at: now,
        revoked_at: null,
        issue_key: `receipt:${payment.id}`,
        payment_id: payment.id,
      })
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'issued_at'])
      .executeTakeFirst()) ??
    (await stored());
  if (!found) throw new Error(`receipt of payment ${payment.id} neither found nor issued`);
  return { id: found.id, issuedAt: Number(found.issued_at) };
}
