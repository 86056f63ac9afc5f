import {
  API_BASE_URL,
  lmsStore,
  sessionStatusAtom,
  XSRF_COOKIE_NAME,
  type RemoteFailureKind,
} from '@lms/shared';

/** Where the shell reports each remote's load (api: areas/portal/health-routes.ts). */
export const HEALTH_URL = `${API_BASE_URL}/api/remotes/health.json`;

/**
 * The release a manifest URL belongs to: the label of a deployed release
 * (`/lms/deploy/<remote>/<label>/…`), `built-in` for the portal's own build folder, otherwise the
 * folder holding the manifest (a remote hosted elsewhere, e.g. `…/releases/2.3.0/`).
 */
export function releaseOf(manifest: string | undefined): string {
  if (!manifest) return 'built-in';
  const path = new URL(manifest, 'http://portal.invalid').pathname;
  const deployed = /\/deploy\/[^/]+\/([^/]+)\//.exec(path);
  if (deployed?.[1]) return deployed[1];
  if (path.startsWith(`${API_BASE_URL}/public/`)) return 'built-in';
  const folder = path.split('/').slice(-2, -1)[0] ?? '';
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(folder) ? folder : 'built-in';
}

function xsrfToken(): string | null {
  const prefix = `${XSRF_COOKIE_NAME}=`;
  const cookie = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return cookie ? decodeURIComponent(cookie.slice(prefix.length)) : null;
}

// What this page has reported already: a load once per remote, a failure once per remote and
// kind, and each error once (the error boundary sees the failures the loader reported).
const sent = new Set<string>();
const reportedErrors = new WeakSet<object>();

function send(key: string, body: Record<string, unknown>): void {
  if (sent.has(key) || typeof navigator === 'undefined' || !navigator.sendBeacon) return;
  // Before sign-in (the login page fetching the home page's code ahead) the report would be
  // refused: the server takes reports of signed-in users only.
  if (lmsStore.get(sessionStatusAtom) !== 'authenticated') return;
  const xsrf = xsrfToken();
  // Without the token the report would be refused too.
  if (!xsrf) return;
  sent.add(key);
  const payload = new Blob([JSON.stringify({ ...body, xsrf })], { type: 'application/json' });
  navigator.sendBeacon(HEALTH_URL, payload);
}

/** A remote became usable `ms` after its load began. */
export function reportRemoteLoaded(remote: string, manifest: string | undefined, ms: number) {
  const release = releaseOf(manifest);
  send(`${remote}@${release}:loaded`, {
    remote,
    release,
    outcome: 'loaded',
    ms: Math.max(0, Math.min(600_000, Math.round(ms))),
  });
}

/** A remote failed: its kind, once per page for each remote and kind. */
export function reportRemoteFailed(
  remote: string,
  manifest: string | undefined,
  kind: RemoteFailureKind,
  error?: unknown,
) {
  if (typeof error === 'object' && error !== null) {
    if (reportedErrors.has(error)) return;
    reportedErrors.add(error);
  }
  const release = releaseOf(manifest);
  send(`${remote}@${release}:${kind}`, { remote, release, outcome: 'failed', kind });
}
