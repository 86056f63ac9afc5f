import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LogoConfig, RemoteRegistry } from '@lms/shared/contract';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { JsonFile } from '../../lib/json-file.js';
import { appPlugin } from '../../lib/plugin.js';
import { REMOTE_NAMES, type AppOptions } from '../../options.js';

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
  /** `<dataDir>/remotes.json`: remote name → mf-manifest.json URL. */
  remotes: JsonFile<RemoteRegistry>;
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

export function defaultRegistry(): RemoteRegistry {
  return Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, `/lms/public/${name}/mf-manifest.json`]),
  );
}

/**
 * The operator-editable configuration in the data folder. Files are re-read when they change,
 * so a remote is deployed or rolled back by editing remotes.json, without a restart.
 */
export default appPlugin('portal-files', async (app, options: Pick<AppOptions, 'dataDir'>) => {
  const onInvalid = (error: unknown) =>
    app.log.warn({ err: error }, 'Ignoring an invalid config file; the last good version stays');
  const remotesPath = join(options.dataDir, 'remotes.json');
  const remotes = new JsonFile(remotesPath, {
    parse: parser(RemoteRegistry, 'remotes.json'),
    onInvalid,
  });
  await mkdir(options.dataDir, { recursive: true });
  // 'wx' creates the file only when missing: an operator's registry is never overwritten.
  await writeFile(remotesPath, `${JSON.stringify(defaultRegistry(), null, 2)}\n`, {
    flag: 'wx',
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  await remotes.read();

  const files: PortalFiles = {
    remotes,
    logo: new JsonFile(join(options.dataDir, 'logo.json'), {
      parse: parser(LogoOverride, 'logo.json'),
      onInvalid,
    }),
    corsOrigins: new JsonFile(join(options.dataDir, 'cors-origins.json'), {
      parse: parser(CorsOrigins, 'cors-origins.json'),
      onInvalid,
    }),
    remoteOrigins() {
      const origins = new Set<string>();
      for (const url of Object.values(remotes.current ?? {})) {
        if (/^https?:\/\//.test(url)) origins.add(new URL(url).origin);
      }
      return [...origins];
    },
  };
  app.decorate('portalFiles', files);
});
