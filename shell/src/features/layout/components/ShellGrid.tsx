import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lmsStore } from '@lms/shared';
import { useLocation } from 'react-router-dom';
import {
  activeTabAtom,
  CONVERSATION_HASH,
  panesOfTab,
  paneId,
  tabId,
  type PaneName,
  type TabModules,
} from '../tabs';
import { useIsMobile } from '../useIsMobile';
import { useTabFollowsRoute } from '../useTabFollowsRoute';
import { MobileTabs } from './MobileTabs';
import styles from './ShellGrid.module.css';

export type ShellPanes = Record<PaneName, ReactNode> & {
  menu: ReactNode;
  /** Shown on the messages tab (the chat remote's unread count). */
  messagesBadge?: ReactNode;
  /** A notice above the grid (a preview of a candidate release). */
  banner?: ReactNode;
  /** What the registry's modules put on the bottom tabs. */
  tabs?: TabModules;
};

const PANES: readonly PaneName[] = ['profile', 'disciplines', 'contacts', 'content', 'apps'];

/**
 * The tab whose panel a pane is on a phone. The profile has no bottom tab, and the content pane
 * stays the page's <main> landmark rather than becoming a tabpanel.
 */
const TAB_OF_PANE: Record<PaneName, 2 | 3 | null> = {
  profile: null,
  disciplines: 2,
  contacts: 2,
  content: null,
  apps: 3,
};

/**
 * The shell's grid (spec §2): menu, profile, discipline list, contact list, content, apps. At
 * 900 px and wider all panes show; below it one pane (or the chat pair) by the active tab.
 */
export function ShellGrid(panes: ShellPanes) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const tab = useAtomValue(activeTabAtom, { store: lmsStore });
  const { pathname, hash } = useLocation();
  const tabs = panes.tabs ?? {};
  useTabFollowsRoute(tabs.side?.path);
  const conversationOpen =
    tabs.side !== undefined &&
    pathname.replace(/\/+$/, '') === tabs.side.path &&
    hash === CONVERSATION_HASH;
  const visible = mobile ? panesOfTab(tab, conversationOpen) : PANES;

  return (
    <div className={styles.shell} data-layout={mobile ? 'mobile' : 'desktop'}>
      <header className={styles.menu}>
        {panes.menu}
        {panes.banner}
      </header>
      {PANES.map((pane) => {
        const ownTab = TAB_OF_PANE[pane];
        const Element = pane === 'content' ? 'main' : 'section';
        return (
          <Element
            key={pane}
            id={paneId(pane)}
            className={`${styles.pane} ${styles[pane]}`}
            hidden={!visible.includes(pane)}
            aria-label={t(`layout.panes.${pane}`)}
            {...(mobile && ownTab !== null
              ? { role: 'tabpanel', 'aria-labelledby': tabId(ownTab) }
              : {})}
          >
            {panes[pane]}
          </Element>
        );
      })}
      {mobile && <MobileTabs modules={tabs} badges={{ 2: panes.messagesBadge }} />}
    </div>
  );
}
