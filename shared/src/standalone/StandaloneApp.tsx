import { StrictMode, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, useLocation } from 'react-router-dom';
import { PortalProviders } from '../data/PortalProviders.js';
import { errorMessage } from '../i18n/errorMessage.js';
import { initI18n, registerNamespace } from '../i18n/i18n.js';
import { authenticate, logout } from '../session/auth.js';
import { useSession } from '../session/useSession.js';
import { installThemeStyles } from '../theme/theme.js';
import { ConfirmHost } from '../ui/ConfirmHost.js';
import { Loading } from '../ui/Loading.js';
import { Notifications } from '../ui/Notifications.js';
import { LoginForm } from './LoginForm.js';
import { STANDALONE_NAMESPACE, standaloneResources } from './resources.js';
import { StandaloneHeader } from './StandaloneHeader.js';
import * as styles from './styles.js';

registerNamespace(STANDALONE_NAMESPACE, standaloneResources);

const PORTAL_BASE = '/lms';
const isUnderPortalBase = (pathname: string) => /^\/lms(\/|$)/.test(pathname);

/**
 * The API scopes its cookies to /lms, and Chromium's document.cookie shows the XSRF-TOKEN cookie
 * only to a document loaded under that path (history.replaceState is not enough): without it
 * every POST is refused. So a page opened elsewhere reloads itself under /lms before anything
 * talks to the API; the dev server answers any path with this page. Returns false when it left.
 */
function ensureUnderPortalBase(): boolean {
  const { pathname, search, hash } = window.location;
  if (isUnderPortalBase(pathname)) return true;
  const rest = pathname === '/' ? '' : pathname;
  window.location.replace(`${PORTAL_BASE}${rest}${search}${hash}`);
  return false;
}

/**
 * A route of the remote the standalone page links to, under /lms like in the portal
 * ('/lms/umk'); labelKey is in the remote's namespace.
 */
export interface StandaloneArea {
  path: string;
  labelKey: string;
}

export interface StandaloneAppProps {
  /** The remote's name, also its i18n namespace ('news', 'library', ...). */
  remote: string;
  /** Routes to offer in the header (a remote serving several shell routes); /lms opens the first. */
  areas?: readonly StandaloneArea[];
  children: ReactNode;
}

/**
 * The page a remote shows when it runs alone (`npm run start -w mfe-<name>`): what the shell
 * otherwise provides (theme, i18n, the one store, a router, the session) plus a small login, so
 * QA can test the remote against the real API without the portal.
 */
export function StandaloneApp({ remote, areas = [], children }: StandaloneAppProps) {
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!ensureUnderPortalBase()) return;
    let active = true;
    installThemeStyles();
    // No global stylesheet here (the shell has one): only the default body margin needs undoing.
    document.body.style.margin = '0';
    void initI18n().then(() => {
      if (active) setReady(true);
    });
    return () => {
      active = false;
    };
  }, []);

  if (!ready) return null;
  return (
    <PortalProviders>
      <BrowserRouter>
        <div style={styles.page}>
          <StandaloneSession remote={remote} areas={areas}>
            {children}
          </StandaloneSession>
        </div>
        {/* The shell hosts these in the portal; a remote's own page needs them too. */}
        <Notifications />
        <ConfirmHost />
      </BrowserRouter>
    </PortalProviders>
  );
}

interface StandaloneSessionProps {
  remote: string;
  areas: readonly StandaloneArea[];
  children: ReactNode;
}

function StandaloneSession({ remote, areas, children }: StandaloneSessionProps) {
  const { user, status } = useSession();
  const { pathname } = useLocation();
  // Why the user is looking at the login form when it is not simply "no session yet".
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    authenticate().catch((err: unknown) => {
      if (active) setNotice(errorMessage(err));
    });
    return () => {
      active = false;
    };
  }, []);

  function signOut(): void {
    setNotice(null);
    logout().catch((err: unknown) => setNotice(errorMessage(err)));
  }

  if (status === 'unknown') return <Loading />;
  if (status === 'anonymous' || !user) {
    // Keyed by the notice so a problem reported after the form appeared is shown too.
    return <LoginForm key={notice ?? ''} remote={remote} initialMessage={notice} />;
  }
  const firstArea = areas[0];
  const atPortalRoot = pathname === PORTAL_BASE || pathname === `${PORTAL_BASE}/`;
  return (
    <>
      <StandaloneHeader remote={remote} areas={areas} user={user} onLogout={signOut} />
      <main style={styles.main}>
        {firstArea && atPortalRoot ? <Navigate to={firstArea.path} replace /> : children}
      </main>
    </>
  );
}

/** Mounts a remote's standalone page (its `bootstrap`) into the page's #root element. */
export function mountStandalone(props: StandaloneAppProps): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <StandaloneApp {...props} />
    </StrictMode>,
  );
}
