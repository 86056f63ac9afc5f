// Portal: the shell's pages and files, the remotes' registry and deploys, the locales.
export { default as portalArea } from './area.js';
// The operator's files in the data folder (the registry, logo, CORS origins): app.portalFiles.
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
