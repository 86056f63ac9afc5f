export { OfflineBanner } from './OfflineBanner';
export { OfflinePage } from './OfflinePage';
export {
  checkConnectivity,
  onlineAtom,
  serverUnreachableAtom,
  watchConnectivity,
} from './connectivity';
