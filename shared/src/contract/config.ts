import { Type, type Static } from '@sinclair/typebox';

// These files are served as plain JSON (no envelope): they are configuration, not API calls.

const Localized = Type.Object({ kg: Type.String(), ru: Type.String(), en: Type.String() });

/** GET /lms/config.json */
export const PortalConfig = Type.Object({
  name: Localized,
  version: Type.String(),
  uploadLimitBytes: Type.Integer(),
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
 * GET /lms/remotes.json: remote name → URL of its mf-manifest.json, e.g.
 * `{ "news": "/lms/public/news/mf-manifest.json" }`. A URL may point to another origin.
 */
export const RemoteRegistry = Type.Record(
  Type.String({ pattern: '^[a-z][a-z0-9-]*$' }),
  Type.String({ minLength: 1 }),
);
export type RemoteRegistry = Static<typeof RemoteRegistry>;
