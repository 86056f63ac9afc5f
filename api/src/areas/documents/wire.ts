import type { DocumentHolder, HeldDocument, Language } from '@lms/shared/contract';
import { formatterFor } from '@lms/shared/format';
import { purposeIn } from '../../lib/documents/issue.js';
import { DETAIL_TEMPLATES } from './messages.js';
import type { HolderRow, IssuedRow } from './repository.js';

// The documents' answers in the contract's shape, from the rows the repository selects.

/** A summary's value in a language: `<key>_kg` / `<key>_en` where the summary keeps one. */
function inLanguage(summary: Record<string, string>, key: string, lang: Language): string {
  const value = lang === 'ru' ? undefined : summary[`${key}_${lang}`];
  return value ?? summary[key] ?? '';
}

/** What a document is about, in the reader's language. */
export function detailOf(row: IssuedRow, lang: Language): string {
  const { summary } = row;
  if (row.kind === 'certificate') return purposeIn(summary, lang);
  if (row.kind === 'transcript') {
    const gpa = Number(summary.gpa);
    return DETAIL_TEMPLATES.transcript[lang]({
      gpa: Number.isFinite(gpa) ? formatterFor(lang).number(gpa, 2) : (summary.gpa ?? ''),
      credits: summary.credits ?? '',
    });
  }
  return DETAIL_TEMPLATES.receipt[lang]({
    receiptNo: summary.receiptNo ?? '',
    service: inLanguage(summary, 'service', lang),
  });
}

export function heldDocumentOf(
  row: IssuedRow,
  lang: Language,
  supersededBy: number | null,
  verifyUrl: string,
): HeldDocument {
  return {
    id: row.id,
    kind: row.kind,
    detail: detailOf(row, lang),
    issued: row.issuedAt,
    lang: row.lang,
    verify_url: verifyUrl,
    revoked: row.revokedAt,
    revoke_reason: row.revokeReason,
    superseded_by: supersededBy,
    id_order: row.orderId,
    id_payment: row.paymentId,
  };
}

export function holderOf(holder: HolderRow, documents: HeldDocument[]): DocumentHolder {
  return { id_student: holder.studentId, fio: holder.fio, group: holder.group, documents };
}
