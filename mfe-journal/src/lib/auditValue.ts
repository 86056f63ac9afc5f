import type { AuditCellValue } from '@lms/shared';

/**
 * A journal cell's value as the audit trail stores it (canonical JSON), or null: the cell did not
 * exist, no longer exists, or the text is not a cell's value.
 */
export function auditCellValue(json: string): AuditCellValue | null {
  try {
    const value = JSON.parse(json) as unknown;
    if (value === null || typeof value !== 'object') return null;
    const { otsenka, source } = value as Partial<AuditCellValue>;
    if (typeof source !== 'string' || (otsenka !== null && typeof otsenka !== 'string')) {
      return null;
    }
    return { otsenka: otsenka ?? null, source };
  } catch {
    return null;
  }
}
