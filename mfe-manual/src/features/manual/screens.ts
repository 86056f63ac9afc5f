import type { ManualSection } from '@lms/shared';
import type { Reader } from './content/types';

/** The portal's address of a section's screen for a role (the QR check-in: the student's scan). */
export function screenPath(section: ManualSection, reader: Reader): string {
  if (section === 'qr') return reader === 'student' ? '/lms/schedule/scan' : '/lms/schedule';
  return `/lms/${section}`;
}
