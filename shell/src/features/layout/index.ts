export { ShellGrid, type ShellPanes } from './components/ShellGrid';
export { TopBar } from './components/TopBar';
export { activeTabAtom, DEFAULT_TAB, type MobileTab } from './tabs';
export { MOBILE_QUERY, useIsMobile } from './useIsMobile';
