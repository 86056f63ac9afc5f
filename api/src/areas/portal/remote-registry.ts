import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  ModuleDescription,
  REMOTE_NAMES,
  type PortalModule,
  type RemoteName,
  type RemoteRegistry,
} from '@lms/shared/contract';
import { Value } from '@sinclair/typebox/value';
import { MODULE_LABELS } from './messages.js';

/**
 * The remote registry, `<dataDir>/remotes.json`: what the portal contains. Each entry is a remote
 * by its federation name, either the older plain form `"news": "<manifest URL>"` or
 *
 *   "rooms": {
 *     "manifest": "/lms/deploy/rooms/1.0.0/mf-manifest.json", "version": "1.0.0",
 *     "modules": [{ "key": "rooms", "module": "./App", "routes": ["rooms"], ... }],
 *     "candidate": { "manifest": "...", "version": "1.1.0", "modules": [...] }
 *   }
 *
 * A candidate with `"rollout": { "percent": 10 }` or `"rollout": { "faculty": "FIT" }` is a
 * canary: signed-in users in that share (sticky per user, `inCanary`) or of that faculty get it
 * too, besides preview links.
 *
 * An entry without `modules` (and every plain entry) gets the portal's description of that
 * remote (DEFAULT_MODULES), and so does an entry pointing at the build the portal serves itself
 * (`/lms/public/<remote>/mf-manifest.json`), whatever modules it lists. `candidate` is a release
 * only browsers holding a signed preview cookie get (an entry may have only a candidate: a new
 * remote nobody else sees yet). A malformed entry or module is skipped and reported; the rest
 * keeps working.
 */
export interface Release {
  manifest: string;
  version?: string;
  modules: ModuleDescription[];
}

/** Who gets a canary: a share of signed-in users, or the people of one faculty. */
export type Rollout = { percent: number } | { faculty: string };

export interface RegistryEntry {
  /** What everyone gets; null for a remote that so far only has a candidate. */
  live: Release | null;
  candidate?: Release & { version: string; rollout?: Rollout };
}

/** A signed-in user as the canary sees them: the account id and their faculty's names. */
export interface CanaryUser {
  uid: number;
  /** The faculty's short names and id, lowercase (empty when the user has none). */
  faculty: string[];
}

/**
 * Whether a user gets a remote's canary release: the faculty named, or a sticky share of users.
 * The share is decided by a hash of the remote, the release and the account, so a user keeps
 * their release on every load, raising the share keeps everyone who had the canary, and each
 * new canary is tried by another sample of users.
 */
export function inCanary(
  remote: string,
  version: string,
  rollout: Rollout,
  user: CanaryUser,
): boolean {
  if ('faculty' in rollout) return user.faculty.includes(rollout.faculty.toLowerCase());
  const digest = createHash('sha256')
    .update(`lms-canary:${remote}:${version}:${user.uid}`)
    .digest();
  return digest.readUInt32BE(0) % 10_000 < Math.round(rollout.percent * 100);
}

function parseRollout(raw: unknown, where: string, warn: (message: string) => void) {
  if (raw === undefined) return undefined;
  if (isObject(raw) && typeof raw.percent === 'number') {
    if (raw.percent > 0 && raw.percent <= 100) return { percent: raw.percent };
  } else if (isObject(raw) && typeof raw.faculty === 'string') {
    if (/^\S{1,40}$/u.test(raw.faculty)) return { faculty: raw.faculty };
  }
  warn(`${where}.rollout skipped: expected { "percent": 0 < p ≤ 100 } or { "faculty": "<code>" }`);
  return undefined;
}

export type Registry = Record<string, RegistryEntry>;

export const REMOTE_NAME = /^[a-z][a-z0-9-]{0,39}$/;
/** Labels scripts/remote-release.mjs accepts; '<label>.partial' is a copy still in progress. */
export const RELEASE_LABEL = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** A same-origin path (not '//host') or an http(s) URL. */
const MANIFEST_URL = /^(\/(?!\/)|https?:\/\/[^/\s]+\/)\S*$/;

/** Segments under /lms the shell and the server use themselves: no module may take them. */
export const RESERVED_SEGMENTS = new Set([
  'api',
  'apps',
  'change-password',
  'deploy',
  'healthz',
  'locales',
  'login',
  'metrics',
  'offline',
  'preview',
  'profile',
  'public',
  'readyz',
]);

const BOTH = ['teacher', 'student'] as ModuleDescription['roles'];
const STUDENT = ['student'] as ModuleDescription['roles'];
/** News and registration are for everyone, the registrar's office included. */
const EVERYONE = ['teacher', 'student', 'registrar'] as ModuleDescription['roles'];
/** Students order documents; registrars (a staff permission) work the queue. */
const STUDENT_AND_REGISTRAR = ['student', 'registrar'] as ModuleDescription['roles'];

type Roles = ModuleDescription['roles'];
type Icon = NonNullable<ModuleDescription['tile']>['icon'];

/** A module of this repository's remotes: its './App' under the route named by its key. */
function appModule(
  key: Exclude<keyof typeof MODULE_LABELS, 'chatMenu'>,
  roles: Roles,
  icon: Icon,
  more: Pick<ModuleDescription, 'menu' | 'panes'> = {},
): ModuleDescription {
  return {
    key,
    module: './App',
    routes: [key],
    labels: MODULE_LABELS[key],
    roles,
    tile: { icon },
    ...more,
  };
}

/** The portal's description of the six remotes built from this repository. */
export const DEFAULT_MODULES: Record<RemoteName, ModuleDescription[]> = {
  journal: [appModule('journal', BOTH, 'journal'), appModule('schedule', BOTH, 'calendar')],
  library: [appModule('umk', BOTH, 'materials'), appModule('library', BOTH, 'books')],
  // Students register; teachers see who registered for their streams; the registrar's office
  // sees every stream and sets the holds.
  registration: [appModule('registration', EVERYONE, 'registration')],
  finance: [
    appModule('paymentcode', STUDENT, 'payment'),
    appModule('singlewindow', STUDENT_AND_REGISTRAR, 'certificate'),
    appModule('transcript', STUDENT, 'transcript'),
  ],
  // Campus services: the rooms (their weeks and free rooms for everyone, booking for teachers).
  campus: [appModule('rooms', EVERYONE, 'rooms')],
  news: [
    appModule('news', EVERYONE, 'news', {
      menu: { labels: MODULE_LABELS.news },
      panes: { home: './Feed' },
    }),
  ],
  chat: [
    appModule('chat', BOTH, 'chat', {
      menu: { labels: MODULE_LABELS.chatMenu },
      panes: {
        disciplines: './DisciplineList',
        contacts: './ContactList',
        badge: './UnreadBadge',
      },
    }),
  ],
};

/** Where the portal serves a remote built from this repository. */
function builtInManifest(name: string): string {
  return `/lms/public/${name}/mf-manifest.json`;
}

/**
 * The registry written on first start: the six remotes served from their build folders. Their
 * modules are not written: a built-in build is described by the code that serves it (see
 * `parseRelease`), so an upgrade of the portal reaches installations made before it.
 */
export function defaultRegistryFile(): Record<string, Pick<Release, 'manifest'>> {
  const order: RemoteName[] = ['journal', 'library', 'registration', 'finance', 'news', 'chat'];
  const names = [...order, ...REMOTE_NAMES.filter((name) => !order.includes(name))];
  return Object.fromEntries(names.map((name) => [name, { manifest: builtInManifest(name) }]));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function defaultModules(name: string): ModuleDescription[] {
  return (DEFAULT_MODULES as Record<string, ModuleDescription[] | undefined>)[name] ?? [];
}

function firstError(value: unknown): string {
  const error = Value.Errors(ModuleDescription, value).First();
  return error ? `${error.path || '/'} ${error.message}` : 'invalid';
}

function parseRelease(
  name: string,
  raw: unknown,
  where: string,
  warn: (message: string) => void,
): Release | null {
  if (typeof raw === 'string') {
    if (!MANIFEST_URL.test(raw)) {
      warn(`${where}: the manifest URL must be a /path or an http(s) URL`);
      return null;
    }
    return { manifest: raw, modules: defaultModules(name) };
  }
  if (!isObject(raw)) {
    warn(`${where}: expected a manifest URL or an object`);
    return null;
  }
  const { manifest, version, modules } = raw;
  if (typeof manifest !== 'string' || !MANIFEST_URL.test(manifest)) {
    warn(`${where}.manifest: must be a /path or an http(s) URL`);
    return null;
  }
  if (version !== undefined && (typeof version !== 'string' || !RELEASE_LABEL.test(version))) {
    warn(`${where}.version: not a release label`);
    return null;
  }
  if (modules !== undefined && !Array.isArray(modules)) {
    warn(`${where}.modules: must be a list`);
    return null;
  }
  // The build this portal serves from its own folders is the one its code describes: a copy of
  // an older description (written to the file by an earlier version at first start) would keep
  // an upgraded portal's tiles and roles as they were. A faculty's own description goes with its
  // own release (remote:deploy), whose manifest is under /lms/deploy/.
  const describedByPortal = defaultModules(name).length > 0 && manifest === builtInManifest(name);
  const valid: ModuleDescription[] = [];
  const listed: unknown[] = describedByPortal || !modules ? defaultModules(name) : modules;
  listed.forEach((module: unknown, index: number) => {
    if (!Value.Check(ModuleDescription, module)) {
      warn(`${where}.modules[${index}] skipped: ${firstError(module)}`);
      return;
    }
    const reserved = module.routes.find((route) => RESERVED_SEGMENTS.has(route));
    if (reserved) {
      warn(`${where}.modules[${index}] skipped: /lms/${reserved} belongs to the portal`);
      return;
    }
    valid.push(module);
  });
  return { manifest, ...(typeof version === 'string' ? { version } : {}), modules: valid };
}

/**
 * Reads a registry file's JSON. Throws only when it is not an object at all (the last good
 * registry then stays); a malformed entry or module is skipped and reported through `warn`.
 */
export function parseRegistry(raw: unknown, warn: (message: string) => void): Registry {
  if (!isObject(raw)) throw new Error('remotes.json: expected an object of remotes');
  const registry: Registry = {};
  for (const [name, value] of Object.entries(raw)) {
    if (!REMOTE_NAME.test(name)) {
      warn(`remotes.json: "${name}" skipped: not a remote name (a-z, 0-9, -)`);
      continue;
    }
    const candidateOnly = isObject(value) && value.manifest === undefined && 'candidate' in value;
    const live = candidateOnly ? null : parseRelease(name, value, `remotes.json ${name}`, warn);
    if (!live && !candidateOnly) continue;
    const entry: RegistryEntry = { live };
    if (isObject(value) && value.candidate !== undefined) {
      const candidate = parseRelease(name, value.candidate, `remotes.json ${name}.candidate`, warn);
      const rollout = isObject(value.candidate)
        ? parseRollout(value.candidate.rollout, `remotes.json ${name}.candidate`, warn)
        : undefined;
      if (candidate?.version) {
        entry.candidate = {
          ...candidate,
          version: candidate.version,
          ...(rollout ? { rollout } : {}),
        };
      } else if (candidate) warn(`remotes.json ${name}.candidate skipped: it needs a version`);
    }
    if (!entry.live && !entry.candidate) continue;
    registry[name] = entry;
  }
  // Report clashes once per change of the file (serving drops them silently).
  serveRegistry(registry, null, warn);
  return registry;
}

/** A signed preview grant: this browser gets `remote`'s candidate `version` until `expires`. */
export interface PreviewGrant {
  remote: string;
  version: string;
  /** Milliseconds since the epoch. */
  expires: number;
}

/** Whether any candidate is a canary (then the registry's answer depends on who asks). */
export function hasCanary(registry: Registry): boolean {
  return Object.values(registry).some((entry) => entry.candidate?.rollout !== undefined);
}

/** Whether this browser gets `remote`'s candidate: by its preview grant, or as a canary user. */
export function getsCandidate(
  entry: RegistryEntry,
  remote: string,
  preview: PreviewGrant | null,
  user: CanaryUser | null,
): boolean {
  const { candidate } = entry;
  if (!candidate) return false;
  if (preview && preview.remote === remote && candidate.version === preview.version) return true;
  return Boolean(
    user && candidate.rollout && inCanary(remote, candidate.version, candidate.rollout, user),
  );
}

/**
 * The registry a browser gets: every remote's live release, or its candidate for a browser
 * holding a preview grant for exactly that candidate, or for a signed-in user its canary
 * rollout includes. A module whose key or route another module already uses is left out.
 */
export function serveRegistry(
  registry: Registry,
  preview: PreviewGrant | null,
  warn: (message: string) => void = () => undefined,
  user: CanaryUser | null = null,
): RemoteRegistry {
  const served: RemoteRegistry = { remotes: {}, modules: [] };
  const keys = new Set<string>();
  const routes = new Set<string>();
  for (const [name, entry] of Object.entries(registry)) {
    const candidate = getsCandidate(entry, name, preview, user) ? entry.candidate : undefined;
    const release = candidate ?? entry.live;
    if (!release) continue;
    // A preview says so on the page; a canary is the user's release, its manifest URL names it.
    const previewed = preview?.remote === name && candidate?.version === preview.version;
    if (previewed) (served.preview ??= []).push(name);
    served.remotes[name] = release.manifest;
    for (const module of release.modules) {
      const clash = keys.has(module.key)
        ? `the key "${module.key}"`
        : module.routes.find((route) => routes.has(route));
      if (clash) {
        warn(`remotes.json ${name}: module "${module.key}" skipped: ${clash} is taken`);
        continue;
      }
      keys.add(module.key);
      for (const route of module.routes) routes.add(route);
      const portalModule: PortalModule = { ...module, remote: name };
      served.modules.push(portalModule);
    }
  }
  return served;
}

/** Every manifest URL of the registry, candidates included (for the CSP). */
export function manifestUrls(registry: Registry): string[] {
  return Object.values(registry).flatMap((entry) => [
    ...(entry.live ? [entry.live.manifest] : []),
    ...(entry.candidate ? [entry.candidate.manifest] : []),
  ]);
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`lms-preview.${payload}`).digest('base64url');
}

/** `<payload>.<HMAC>`; scripts/remote-release.mjs makes the same tokens for preview links. */
export function signPreview(secret: string, grant: PreviewGrant): string {
  const payload = base64url(
    JSON.stringify({ r: grant.remote, v: grant.version, e: grant.expires }),
  );
  return `${payload}.${signature(secret, payload)}`;
}

/** The grant of a token whose signature holds and which has not expired; null otherwise. */
export function verifyPreview(
  secret: string,
  token: string,
  now = Date.now(),
): PreviewGrant | null {
  const [payload, mac, ...rest] = token.split('.');
  if (!payload || !mac || rest.length > 0 || payload.length > 512) return null;
  const expected = Buffer.from(signature(secret, payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const data: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!isObject(data)) return null;
    const { r, v, e } = data;
    if (typeof r !== 'string' || !REMOTE_NAME.test(r)) return null;
    if (typeof v !== 'string' || !RELEASE_LABEL.test(v)) return null;
    if (typeof e !== 'number' || !Number.isFinite(e) || e <= now) return null;
    return { remote: r, version: v, expires: e };
  } catch {
    return null;
  }
}
