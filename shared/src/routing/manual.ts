/**
 * The portal's manual (the `manual` remote, /lms/manual): one section per screen. A screen's
 * help link opens /lms/manual/<section>; the kit's page frame finds the section from the path.
 */
export const MANUAL_SECTIONS = [
  'news',
  'chat',
  'journal',
  'markhistory',
  'qr',
  'schedule',
  'umk',
  'library',
  'registration',
  'paymentcode',
  'singlewindow',
  'transcript',
  'testing',
  'statement',
  'rating',
  'documents',
  'questionnaire',
  'workload',
  'rooms',
  'webinars',
  'staffaccess',
  'profile',
] as const;
export type ManualSection = (typeof MANUAL_SECTIONS)[number];

export const MANUAL_PATH = '/lms/manual';

export const isManualSection = (value: string): value is ManualSection =>
  (MANUAL_SECTIONS as readonly string[]).includes(value);

/** The manual's address for a section (the manual's contents for none). */
export const manualPath = (section?: ManualSection): string =>
  section ? `${MANUAL_PATH}/${section}` : MANUAL_PATH;

/**
 * The manual's section of the screen at `pathname`: its first segment under /lms, except the
 * schedule's QR check-in screens (/lms/schedule/qr/…, /lms/schedule/scan), which have their own.
 * Null for a screen the manual does not describe, for the manual itself, and for the lesson's
 * QR on the classroom's projector (the room sees it, not the user).
 */
export function manualSectionOf(pathname: string): ManualSection | null {
  const path = pathname.replace(/\/+$/, '');
  if (/^\/lms\/schedule\/qr\/\d+\/projector$/.test(path)) return null;
  if (/^\/lms\/schedule\/(qr\/|scan$)/.test(path)) return 'qr';
  if (path === '/lms/change-password') return 'profile';
  const segment = /^\/lms\/([^/]+)/.exec(path)?.[1];
  return segment && isManualSection(segment) ? segment : null;
}
