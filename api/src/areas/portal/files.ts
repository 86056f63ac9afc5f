import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LogoConfig } from '@lms/shared/contract';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { JsonFile } from '../../lib/json-file.js';
import { appPlugin } from '../../lib/plugin.js';
import { dataDirSecret } from '../../lib/secret.js';
import type { CommonSettings } from '../../lib/settings.js';
import {
  defaultRegistryFile,
  manifestUrls,
  parseRegistry,
  verifyPreview,
  type PreviewGrant,
  type Registry,
} from './remote-registry.js';

/** The cookie of a browser opted in to a candidate release (a signed preview grant). */
export const PREVIEW_COOKIE = 'lms_preview';

const LogoOverride = Type.Partial(LogoConfig);
const CorsOrigins = Type.Array(Type.String({ pattern: '^https?://[^/]+$' }));

function parser<T extends Parameters<typeof Value.Check>[0]>(schema: T, file: string) {
  return (raw: unknown): Static<T> => {
    if (!Value.Check(schema, raw)) {
      const first = Value.Errors(schema, raw).First();
      throw new Error(`${file}: ${first ? `${first.path || '/'} ${first.message}` : 'invalid'}`);
    }
    return raw;
  };
}

export interface PortalFiles {
  /** `<dataDir>/remotes.json`: the remotes and the modules they provide (areas/portal/remote-registry.ts). */
  remotes: JsonFile<Registry>;
  /** The HMAC secret of preview grants: LMS_PREVIEW_SECRET, or kept in <dataDir>/preview-secret. */
  previewSecret: string;
  /** The candidate this request's signed preview cookie opts in to, if it is valid. */
  previewGrant(cookies: Record<string, string | undefined>): PreviewGrant | null;
  /** `<dataDir>/logo.json`: overrides of the default logo configuration. */
  logo: JsonFile<Partial<LogoConfig>>;
  /** `<dataDir>/cors-origins.json`: origins allowed to call the portal cross-origin. */
  corsOrigins: JsonFile<string[]>;
  /** Origins of remotes registered with absolute URLs (they need CSP allowances). */
  remoteOrigins(): string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    portalFiles: PortalFiles;
  }
}

/**
 * The operator-editable configuration in the data folder. Files are re-read when they change,
 * so a remote is deployed or rolled back by editing remotes.json, without a restart. A change is
 * found by looking at the file (lib/json-file.ts), not by file-watch events, which network
 * filesystems do not deliver: every process on a shared folder sees it.
 */
export default appPlugin(
  'portal-files',
  async (app, options: Pick<CommonSettings, 'dataDir'> & { previewSecret?: string }) => {
    const onInvalid = (error: unknown) =>
      app.log.warn({ err: error }, 'Ignoring an invalid config file; the last good version stays');
    const remotesPath = join(options.dataDir, 'remotes.json');
    const remotes = new JsonFile<Registry>(remotesPath, {
      parse: (raw) => parseRegistry(raw, (message) => app.log.warn(message)),
      onInvalid,
    });
    await mkdir(options.dataDir, { recursive: true });
    // 'wx' creates the file only when missing: an operator's registry is never overwritten.
    await writeFile(remotesPath, `${JSON.stringify(defaultRegistryFile(), null, 2)}\n`, {
      flag: 'wx',
    }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    await remotes.read();
    const previewSecret =
      options.previewSecret ?? (await dataDirSecret(options.dataDir, 'preview-secret'));
    let originsOf: { registry: Registry | undefined; origins: string[] } | undefined;

    const files: PortalFiles = {
      remotes,
      previewSecret,
      previewGrant(cookies) {
        const token = cookies[PREVIEW_COOKIE];
        return token ? verifyPreview(previewSecret, token) : null;
      },
      logo: new JsonFile(join(options.dataDir, 'logo.json'), {
        parse: parser(LogoOverride, 'logo.json'),
        onInvalid,
      }),
      corsOrigins: new JsonFile(join(options.dataDir, 'cors-origins.json'), {
        parse: parser(CorsOrigins, 'cors-origins.json'),
        onInvalid,
      }),
      remoteOrigins() {
        // Asked on every response (the security headers): worked out once per registry version.
        const registry = remotes.current;
        if (originsOf && originsOf.registry === registry) return originsOf.origins;
        const origins = new Set<string>();
        for (const url of manifestUrls(registry ?? {})) {
          if (/^https?:\/\//.test(url)) origins.add(new URL(url).origin);
        }
        const list = [...origins];
        originsOf = { registry, origins: list };
        return list;
      },
    };
    app.decorate('portalFiles', files);
  },
);
