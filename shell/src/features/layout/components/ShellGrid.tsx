import { useAtomValue } from 'jotai';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lmsStore, pageWidthAtom, useIsPhone } from '@lms/shared';
import { useLocation } from 'react-router-dom';
import {
  CONVERSATION_HASH,
  panesOfTab,
  paneId,
  tabId,
  type PaneName,
  type TabModules,
} from '../tabs';
import { kindOfPath, useTabFollowsRoute } from '../useTabFollowsRoute';
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

/** The panes beside the content on a desktop, which a work screen folds away. */
const SIDE_PANES: readonly PaneName[] = ['profile', 'disciplines', 'contacts', 'apps'];

/**
 * The shell's grid (spec §2): menu, profile, discipline list, contact list, content, apps. At
 * 900 px and wider all panes show; below it one pane (or the chat pair) by the active tab. A work
 * screen (`PageFrame wide`: a journal grid, a transcript, a queue) gets the whole width on a
 * desktop: the side panes fold away, and one control brings them back.
 */
export function ShellGrid(panes: ShellPanes) {
  const { t } = useTranslation();
  const mobile = useIsPhone();
  const { pathname, hash } = useLocation();
  const tabs = panes.tabs ?? {};
  const tabPaths = { side: tabs.side?.path, content: tabs.contentPath };
  const tab = useTabFollowsRoute(tabPaths);
  const conversationOpen =
    tabs.side !== undefined &&
    pathname.replace(/\/+$/, '') === tabs.side.path &&
    hash === CONVERSATION_HASH;
  const pathKind = kindOfPath(pathname, tabPaths);
  const appScreenOpen = pathKind === 'app';
  // On /lms/apps the page itself is the tiles: the apps pane beside it would repeat them.
  const appsPageOpen = !mobile && pathKind === 'apps';
  const wideScreen = useAtomValue(pageWidthAtom, { store: lmsStore }) === 'wide';
  const [sidePanesWanted, setSidePanesWanted] = useState(false);
  const folded = !mobile && wideScreen && !sidePanesWanted;
  const visible = mobile
    ? panesOfTab(tab, conversationOpen, appScreenOpen)
    : folded
      ? PANES.filter((pane) => !SIDE_PANES.includes(pane))
      : appsPageOpen
        ? PANES.filter((pane) => pane !== 'apps')
        : PANES;
  // A phone shows one pane at a time: the others are not made until their tab is first shown
  // (the chat remote's lists, the tiles), so the first screen runs only what it shows. Once made,
  // a pane stays, so going back to it keeps its state.
  const made = useRef(new Set<PaneName>());
  for (const pane of visible) made.current.add(pane);
  const filled = (pane: PaneName) => !mobile || made.current.has(pane);

  return (
    <div
      className={styles.shell}
      data-layout={mobile ? 'mobile' : 'desktop'}
      data-width={folded ? 'wide' : 'normal'}
      data-apps-pane={appsPageOpen ? 'hidden' : undefined}
    >
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
            // A pane nothing fills (no module gives the registrar's office discipline lists)
            // is not drawn as an empty box.
            hidden={!visible.includes(pane) || panes[pane] === null || panes[pane] === undefined}
            aria-label={t(`layout.panes.${pane}`)}
            {...(mobile && ownTab !== null
              ? { role: 'tabpanel', 'aria-labelledby': tabId(ownTab) }
              : {})}
          >
            {pane === 'content' && !mobile && wideScreen && (
              <div className={styles.paneToggle}>
                <button
                  type="button"
                  aria-expanded={!folded}
                  aria-controls={SIDE_PANES.map(paneId).join(' ')}
                  onClick={() => setSidePanesWanted(folded)}
                >
                  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d={folded ? 'M4 5h16v14H4zM9 5v14M15 5v14' : 'M4 5h16v14H4zM9 12h6'} />
                  </svg>
                  {t(folded ? 'layout.sidePanes.show' : 'layout.sidePanes.hide')}
                </button>
              </div>
            )}
            {filled(pane) ? panes[pane] : null}
          </Element>
        );
      })}
      {mobile && <MobileTabs tab={tab} modules={tabs} badges={{ 2: panes.messagesBadge }} />}
    </div>
  );
}
