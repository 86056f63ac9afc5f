import { atom } from 'jotai';

/** Mobile tab values of spec §2: 0 profile, 1 news, 2 messages (chat), 3 applications. */
export type MobileTab = 0 | 1 | 2 | 3;

export const DEFAULT_TAB: MobileTab = 3;

export const activeTabAtom = atom<MobileTab>(DEFAULT_TAB);

/** The bottom tabs, in order (profile is opened from the top bar, not from a tab). */
export const BOTTOM_TABS = [
  { value: 1, key: 'layout.tabs.news', panes: ['content'] },
  { value: 2, key: 'layout.tabs.messages', panes: ['disciplines', 'contacts'] },
  { value: 3, key: 'layout.tabs.apps', panes: ['apps'] },
] as const satisfies ReadonlyArray<{ value: MobileTab; key: string; panes: readonly PaneName[] }>;

export type PaneName = 'profile' | 'disciplines' | 'contacts' | 'content' | 'apps';

export const paneId = (pane: PaneName) => `lms-pane-${pane}`;
export const tabId = (value: MobileTab) => `lms-tab-${value}`;

/** Which panes the mobile layout shows for a tab. */
export function panesOfTab(tab: MobileTab): readonly PaneName[] {
  if (tab === 0) return ['profile'];
  return BOTTOM_TABS.find((item) => item.value === tab)?.panes ?? [];
}
