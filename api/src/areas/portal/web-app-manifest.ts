import type { Language } from '@lms/shared/contract';
import { PORTAL_NAME, PORTAL_SHORT_NAME } from './messages.js';

/** The portal's theme colour (ARCHITECTURE.md), also the installed app's title bar. */
export const THEME_COLOR = '#4967a3';

const ICONS = '/lms/public/shell/icons';

/**
 * The web app manifest in the reader's language: what a phone shows when the portal is
 * installed (its name under the icon, the splash screen, the title bar). It opens /lms as a
 * standalone app. The scope is '/lms', not '/lms/': the portal's home is /lms itself, and it
 * must be inside the app (and under the service worker, whose scope is the same).
 */
export function webAppManifest(lng: Language) {
  return {
    id: '/lms',
    name: PORTAL_NAME[lng],
    short_name: PORTAL_SHORT_NAME[lng],
    lang: lng === 'kg' ? 'ky' : lng,
    dir: 'ltr',
    start_url: '/lms',
    scope: '/lms',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: THEME_COLOR,
    icons: [
      { src: `${ICONS}/icon-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `${ICONS}/icon-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: `${ICONS}/maskable-512.png`,
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  };
}
