/**
 * What the server writes into the prerendered frame (api/src/areas/portal/login-page.ts): the
 * portal's name and the page's heading, each in place of its mark.
 */
export const FRAME_MARKS = {
  name: '@@lms-frame-name@@',
  title: '@@lms-frame-title@@',
  description: '@@lms-frame-description@@',
} as const;

/** The element the server writes the frame in, before the app's root. */
export const FRAME_ID = 'lms-frame';
