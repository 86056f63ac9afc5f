// Portal: the shell's pages and files, the remotes' registry and deploys, the locales.
export { default as portalRoutes } from './routes.js';
export { default as deployRoutes } from './deploy-routes.js';
export { default as localesRoutes } from './locales-routes.js';
export {
  createMissingKeysRepository,
  type MissingKeyRow,
  type MissingKeysRepository,
} from './missing-keys-repository.js';
export * from './remote-registry.js';
