import { atom } from 'jotai';

/**
 * Mobile tab values of spec §2: 0 profile, 1 news, 2 messages (chat), 3 applications; and 4, a
 * screen opened from the profile menu (the profile, the password change): the content pane with
 * no bottom tab selected.
 */
export type MobileTab = 0 | 1 | 2 | 3 | 4;

export const DEFAULT_TAB: MobileTab = 3;

export const activeTabAtom = atom<MobileTab>(DEFAULT_TAB);

/** The bottom tabs, in order (profile is opened from the top bar, not from a tab). */
export const BOTTOM_TABS = [
  { value: 1, key: 'layout.tabs.news', panes: ['content'] },
  { value: 2, key: 'layout.tabs.messages', panes: ['disciplines', 'contacts'] },
  { value: 3, key: 'layout.tabs.apps', panes: ['apps'] },
] as const satisfies ReadonlyArray<{ value: MobileTab; key: string; panes: readonly PaneName[] }>;

/**
 * What the registry's modules put on the bottom tabs: the label of the content tab (the module
 * of the home page), and the side-pane tab (the module filling the discipline and contact
 * panes: its label and route). Without a side-pane module there is no such tab.
 */
export interface TabModules {
  content?: string;
  /** The route of the home page's module (the news): its screen stands under the content tab. */
  contentPath?: string;
  side?: { label: string; path: string };
}

export type PaneName = 'profile' | 'disciplines' | 'contacts' | 'content' | 'apps';

export const paneId = (pane: PaneName) => `lms-pane-${pane}`;
export const tabId = (value: MobileTab) => `lms-tab-${value}`;

/** On a phone `#messages` on the side-pane module's route names the open conversation (spec §2). */
export const CONVERSATION_HASH = '#messages';

/**
 * Which panes the mobile layout shows for a tab. The messages tab shows the discipline and
 * contact lists, or the conversation (the content pane) once one is open; the applications tab
 * shows the apps pane, or the application's screen (the content pane) once one is open.
 */
export function panesOfTab(
  tab: MobileTab,
  conversationOpen = false,
  appScreenOpen = false,
): readonly PaneName[] {
  if (tab === 0) return ['profile'];
  if (tab === 4) return ['content'];
  if (tab === 2 && conversationOpen) return ['content'];
  if (tab === 3 && appScreenOpen) return ['content'];
  return BOTTOM_TABS.find((item) => item.value === tab)?.panes ?? [];
}
