export { AppsPage, AppsPane } from './components/AppsPane';
export { settingsAtom, useRoleSettings } from './settings';
