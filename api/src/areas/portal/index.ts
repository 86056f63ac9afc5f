// Portal: the shell's pages and files, the remotes' registry and deploys, the locales.
// The operator's files in the data folder (the registry, logo, CORS origins): app.portalFiles.
import { area } from '../../lib/plugin.js';
import portalRoutes from './area.js';
import { createCanaryRepository, type CanaryRepository } from './canary-repository.js';
import {
  createMissingKeysRepository,
  type MissingKeysRepository,
} from './missing-keys-repository.js';
import {
  createRemoteHealthRepository,
  type RemoteHealthRepository,
} from './remote-health-repository.js';
export { default as portalFiles, PREVIEW_COOKIE, type PortalFiles } from './files.js';
export {
  createMissingKeysRepository,
  type MissingKeyRow,
  type MissingKeysRepository,
} from './missing-keys-repository.js';
export { createCanaryRepository, type CanaryRepository } from './canary-repository.js';
export {
  createRemoteHealthRepository,
  type ReleaseHealth,
  type RemoteHealthRepository,
} from './remote-health-repository.js';
export * from './remote-registry.js';
export type { MissingKeyLimits } from './missing-key-limits.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    missingKeys: MissingKeysRepository;
    canary: CanaryRepository;
    remoteHealth: RemoteHealthRepository;
  }
}

/** The shell's pages and files, the remotes' registry and deploys, the locales. */
export const portalArea = area(
  'portal',
  { dependencies: ['auth', 'portal-files'] },
  async (app, options: Parameters<typeof portalRoutes>[1]) => {
    app.repos.missingKeys = createMissingKeysRepository(app.db.kysely);
    app.repos.canary = createCanaryRepository(app.db.kysely);
    app.repos.remoteHealth = createRemoteHealthRepository(app.db.kysely);
    await app.register(portalRoutes, options);
  },
);
