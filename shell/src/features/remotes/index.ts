export { RemoteModule } from './RemoteModule';
export {
  moduleOfPath,
  modulePath,
  moduleWithPane,
  useLocalized,
  usePortalModules,
  type PortalModule,
  type PortalModules,
} from './modules';
export { loadRemoteRegistry, remoteRegistryAtom } from './registry';
export { isStaleChunkError, pageReloader, reloadIfStale } from './stale-chunk';
export { loadRemoteComponent } from './federation';
export type { RegistryState } from './registry';
