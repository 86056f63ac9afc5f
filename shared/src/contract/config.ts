import { Type, type Static } from '@sinclair/typebox';
import { withSchemas } from './endpoint.js';
import { PORTAL_ADDRESSES } from './endpoints/config.js';

// These files are served as plain JSON (no envelope): they are configuration, not API calls.

const Localized = Type.Object({ kg: Type.String(), ru: Type.String(), en: Type.String() });

/** GET /lms/config.json */
export const PortalConfig = Type.Object({
  name: Localized,
  version: Type.String(),
  uploadLimitBytes: Type.Integer(),
  /** The university's time zone (IANA), in which every time is written. */
  timeZone: Type.String(),
  api: Type.Object({ base: Type.String(), version: Type.Integer() }),
});
export type PortalConfig = Static<typeof PortalConfig>;

/**
 * GET /lms/logo.json: width in percent (default 30), fontsize in px (default 16). `names` holds
 * the university name per interface language; `name` is the spec's single name and the fallback.
 */
export const LogoConfig = Type.Object({
  logo: Type.String(),
  width: Type.Number(),
  name: Type.String(),
  names: Type.Optional(
    Type.Partial(Type.Object({ kg: Type.String(), ru: Type.String(), en: Type.String() })),
  ),
  fontsize: Type.Number(),
});
export type LogoConfig = Static<typeof LogoConfig>;

/**
 * Who sees a module: a role ('teacher', 'student'; ROLE in constants.ts), or the registrar's
 * office ('registrar': staff with registrarPerms, who see only the modules listing 'registrar').
 */
export const ModuleRole = Type.Union([
  Type.Literal('teacher'),
  Type.Literal('student'),
  Type.Literal('registrar'),
]);
export type ModuleRole = Static<typeof ModuleRole>;

const Label = Type.String({ minLength: 1, maxLength: 80 });
const ModuleLabels = Type.Object({ kg: Label, ru: Label, en: Label });
const REMOTE_NAME = '^[a-z][a-z0-9-]{0,39}$';
/** A route segment under /lms: lowercase letters, digits and '-'. */
const SEGMENT = '^[a-z][a-z0-9-]{0,39}$';
/** An exposed module of a remote: './App', './Feed', ... */
const EXPOSED = Type.String({ pattern: '^\\./[A-Za-z0-9_-]{1,60}$' });

/**
 * What a remote contributes to the portal: one module, rendered in the content pane under its
 * routes (`/lms/<route>/*`), with an apps-pane tile and, optionally, a main-menu entry and
 * components for the shell's side panes. `roles` name who sees its tile, menu entry and routes.
 */
export const ModuleDescription = Type.Object(
  {
    key: Type.String({ pattern: SEGMENT }),
    module: EXPOSED,
    routes: Type.Array(Type.String({ pattern: SEGMENT }), { minItems: 1, maxItems: 8 }),
    labels: ModuleLabels,
    roles: Type.Array(ModuleRole, { minItems: 1, maxItems: 3 }),
    /** The apps-pane tile; without it the module has routes but no tile. */
    tile: Type.Optional(Type.Object({ icon: Type.String({ pattern: '^[a-z][a-z0-9-]{0,39}$' }) })),
    /** A main-menu entry (and a mobile tab when the module fills a side pane). */
    menu: Type.Optional(Type.Object({ labels: ModuleLabels })),
    /** Components the module renders outside the content pane. */
    panes: Type.Optional(
      Type.Object(
        {
          /** The home page's content (/lms). */
          home: Type.Optional(EXPOSED),
          disciplines: Type.Optional(EXPOSED),
          contacts: Type.Optional(EXPOSED),
          /** A small count beside the module's menu entry and mobile tab. */
          badge: Type.Optional(EXPOSED),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ModuleDescription = Static<typeof ModuleDescription>;

export const PortalModule = Type.Intersect([
  ModuleDescription,
  Type.Object({ remote: Type.String({ pattern: REMOTE_NAME }) }),
]);
export type PortalModule = ModuleDescription & { remote: string };

/**
 * GET /lms/remotes.json: what the portal contains. `remotes` maps a remote's federation name to
 * the URL of its mf-manifest.json (it may be on another origin); `modules` lists the modules
 * the remotes provide, in the apps pane's order. `preview` names the remotes this browser gets
 * as a candidate release (see the preview link of scripts/remote-release.mjs).
 */
export const RemoteRegistry = Type.Object({
  remotes: Type.Record(Type.String({ pattern: REMOTE_NAME }), Type.String({ minLength: 1 })),
  modules: Type.Array(PortalModule),
  preview: Type.Optional(Type.Array(Type.String())),
});
export interface RemoteRegistry {
  remotes: Record<string, string>;
  modules: PortalModule[];
  preview?: string[];
}

/** How a remote failed to load in a browser (the shell's health reports). */
export const REMOTE_FAILURE_KINDS = ['incompatible', 'load', 'export', 'render'] as const;
export type RemoteFailureKind = (typeof REMOTE_FAILURE_KINDS)[number];

/** The longest load the health reports accept (ms): beyond it a load counts as this long. */
export const REMOTE_LOAD_MAX_MS = 600_000;

/**
 * POST /lms/api/remotes/health.json, sent by the shell with navigator.sendBeacon: one remote's
 * load in this browser, `loaded` after `ms` milliseconds or `failed` with its kind. `release` is
 * the release's label (`built-in` for the portal's own build). A beacon carries no headers, so
 * the XSRF token travels in the body.
 */
export const RemoteHealthReport = Type.Object({
  remote: Type.String({ pattern: REMOTE_NAME }),
  release: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$' }),
  outcome: Type.Union([Type.Literal('loaded'), Type.Literal('failed')]),
  kind: Type.Optional(Type.Union(REMOTE_FAILURE_KINDS.map((kind) => Type.Literal(kind)))),
  ms: Type.Optional(Type.Integer({ minimum: 0, maximum: REMOTE_LOAD_MAX_MS })),
  xsrf: Type.String({ maxLength: 200 }),
});
export type RemoteHealthReport = Static<typeof RemoteHealthReport>;
export const RemoteHealthResponse = Type.Object({ recorded: Type.Boolean() });
export type RemoteHealthResponse = Static<typeof RemoteHealthResponse>;

/** The portal endpoints for the API: each address with the schemas it validates. */
export const PORTAL_ENDPOINTS = withSchemas(PORTAL_ADDRESSES, {
  remoteHealth: { body: RemoteHealthReport, response: RemoteHealthResponse },
});
