// Build time only (tools/webpack/prerender-html.cjs runs it in Node): the login screen and a
// signed-in page's frame as HTML in each language, for index.html. The browser shows them before
// any script of the app has arrived; the app takes them over (features/auth/prerendered.ts,
// features/frame).
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { i18n, initI18n, LANGUAGES, PortalProviders, type Language } from '@lms/shared';
import { LoginPage } from './features/auth';
import { FrameScreen } from './features/layout';
import { registerShellLocales } from './i18n';
import './styles/global.css';

declare global {
  var __lmsPrerenderCss: string[] | undefined;
}

export interface Prerendered {
  /** The login page's markup in each language. */
  html: Record<Language, string>;
  /** A signed-in page's frame in each language, with the marks the server fills in. */
  frame: Record<Language, string>;
  /** Every stylesheet it uses (the global one and its CSS modules). */
  css: string;
}

export async function prerenderLogin(): Promise<Prerendered> {
  registerShellLocales();
  await initI18n();
  const html = {} as Record<Language, string>;
  const frame = {} as Record<Language, string>;
  for (const language of LANGUAGES) {
    await i18n.changeLanguage(language);
    // No router: the frame has no links (it is a picture of the page until the page is there).
    frame[language] = renderToString(
      <PortalProviders>
        <FrameScreen />
      </PortalProviders>,
    );
    html[language] = renderToString(
      <PortalProviders>
        <MemoryRouter initialEntries={['/lms/login']}>
          <LoginPage />
        </MemoryRouter>
      </PortalProviders>,
    );
  }
  return { html, frame, css: (globalThis.__lmsPrerenderCss ?? []).join('\n') };
}
