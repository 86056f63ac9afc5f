import type { GradeBand, Institution } from '@lms/shared/contract';

/**
 * The grading table: 100-point score → 5-point grade, ECTS letter and grade point (what a score
 * earns: areas/transcript/rules.ts). This default is
 * the credit-system table common at Kyrgyz universities; a university with another one puts it in
 * LMS_DOCUMENTS_CONFIG (README "Documents").
 */
export const DEFAULT_GRADING_SCALE: GradeBand[] = [
  { min: 87, max: 100, grade: 5, ekv_bukv: 'A', ekv_num: 4.0 },
  { min: 80, max: 86, grade: 4, ekv_bukv: 'B', ekv_num: 3.33 },
  { min: 74, max: 79, grade: 4, ekv_bukv: 'C', ekv_num: 3.0 },
  { min: 68, max: 73, grade: 3, ekv_bukv: 'D', ekv_num: 2.33 },
  { min: 61, max: 67, grade: 3, ekv_bukv: 'E', ekv_num: 2.0 },
  { min: 31, max: 60, grade: 2, ekv_bukv: 'FX', ekv_num: 0 },
  { min: 0, max: 30, grade: 2, ekv_bukv: 'F', ekv_num: 0 },
];

/**
 * The table sorted from the highest band; throws unless its bands cover 0..100 once each (a
 * gap or an overlap would give a score no grade or two).
 */
export function checkedScale(scale: readonly GradeBand[]): GradeBand[] {
  const sorted = [...scale].sort((a, b) => b.max - a.max);
  let expectedMax = 100;
  for (const band of sorted) {
    if (!Number.isInteger(band.min) || !Number.isInteger(band.max) || band.min > band.max) {
      throw new Error(`grading table: band ${band.ekv_bukv} has a bad range`);
    }
    if (band.max !== expectedMax) {
      throw new Error(`grading table: scores up to ${expectedMax} are not covered exactly once`);
    }
    expectedMax = band.min - 1;
  }
  if (expectedMax !== -1) throw new Error('grading table: scores from 0 are not covered');
  return sorted;
}

/**
 * Documents the portal issues (transcripts, certificates of study): the institution printed on
 * them, the grading table, and the secret that signs their verification QR (README "Documents").
 */
export interface DocumentsOptions {
  institution: Institution;
  grading: GradeBand[];
  /** HMAC secret of verification ids; by default kept in <dataDir>/documents-secret. */
  secret?: string;
}
