export { RemoteModule } from './RemoteModule';
export { loadRemoteRegistry, remoteRegistryAtom } from './registry';
export { isStaleChunkError, pageReloader, reloadOnceForStaleChunk } from './stale-chunk';
