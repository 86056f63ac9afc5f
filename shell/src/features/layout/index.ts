export { ShellGrid, type ShellPanes } from './components/ShellGrid';
export { TopBar, type MenuEntry } from './components/TopBar';
export { activeTabAtom, DEFAULT_TAB, type MobileTab } from './tabs';
export { FrameScreen } from './components/FrameScreen';
