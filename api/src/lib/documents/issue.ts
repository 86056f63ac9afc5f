import { academicYearStart } from '../calendar.js';
import type { Verification } from './pdfs.js';
import { signDocumentId, VERIFY_PATH } from './verification.js';

/** Who the transcript (and a certificate of study) is about. */
export interface StudentCard {
  studentId: number;
  fio: string;
  birthDate: string | null;
  groupId: number;
  group: string;
  /** Two-digit admission year of the current group. */
  admissionYear: number;
  speciality: string;
  faculty: string;
}

/** The study year (1, 2, …) of a group admitted in `admissionYear` (two digits), at `now`. */
export function courseOf(admissionYear: number, now: Date): number {
  const current = academicYearStart(now) % 100;
  return ((current - admissionYear + 100) % 100) + 1;
}

/** What a certificate of study shows (also what its verification page may show). */
export interface CertificateSummary {
  fio: string;
  birthDate: string;
  course: string;
  group: string;
  speciality: string;
  faculty: string;
  /** The purpose in Russian, English and (certificates issued since it is kept) Kyrgyz. */
  purpose: string;
  purpose_en: string;
  purpose_kg?: string;
}

/** The purpose a certificate is issued for, in a language. */
export function purposeIn(summary: Partial<CertificateSummary>, lang: 'kg' | 'ru' | 'en'): string {
  const purpose = summary.purpose ?? '';
  if (lang === 'en') return summary.purpose_en ?? purpose;
  if (lang === 'kg') return summary.purpose_kg ?? purpose;
  return purpose;
}

/** What a certificate of study prints about its holder. */
export function certificateSummary(
  card: StudentCard,
  purpose: { name: string; name_kg: string; name_en: string },
  now: Date,
): CertificateSummary {
  return {
    fio: card.fio,
    birthDate: card.birthDate ?? '',
    course: String(courseOf(card.admissionYear, now)),
    group: card.group,
    speciality: card.speciality,
    faculty: card.faculty,
    purpose: purpose.name,
    purpose_en: purpose.name_en,
    purpose_kg: purpose.name_kg,
  };
}

/**
 * The verification link of an issued document, on the portal's configured public origin: never
 * on the request's Host header, which the client chooses (a genuine PDF must not send its
 * readers to another site).
 */
export function verification(
  publicOrigin: string,
  secret: string,
  id: number,
  issuedAt: number,
): Verification {
  const url = `${publicOrigin}${VERIFY_PATH}/${signDocumentId(secret, id)}`;
  return { number: String(id), url, issuedAt };
}
