import { useSetAtom } from 'jotai';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lmsStore } from '@lms/shared';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  activeTabAtom,
  BOTTOM_TABS,
  CONVERSATION_HASH,
  paneId,
  tabId,
  type MobileTab,
  type TabModules,
} from '../tabs';
import { APPS_PATH, HOME_PATH, kindOfPath } from '../useTabFollowsRoute';
import styles from './MobileTabs.module.css';

const ICONS: Record<number, string> = {
  1: 'M4 5h13v14H6a2 2 0 0 1-2-2zM17 9h3v8a2 2 0 0 1-2 2M7 9h7M7 12h7M7 15h4',
  2: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
  3: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z',
};

interface Props {
  /** The tab shown (the route's, before the store has it: useTabFollowsRoute). */
  tab: MobileTab;
  badges?: Partial<Record<MobileTab, ReactNode>>;
  /** The registry's modules on the tabs: the content tab's label, the side-pane tab. */
  modules?: TabModules;
}

/**
 * The mobile bottom tabs: content (1, the news), side panes (2, messages: only when a module
 * fills them), applications (3); arrows move between them.
 */
export function MobileTabs({ tab: active, badges = {}, modules = {} }: Props) {
  const { t } = useTranslation();
  const tabs = BOTTOM_TABS.filter((tab) => tab.value !== 2 || modules.side).map((tab) => ({
    ...tab,
    label:
      tab.value === 1
        ? (modules.content ?? t(tab.key))
        : tab.value === 2
          ? (modules.side?.label ?? t(tab.key))
          : t(tab.key),
  }));
  const setActive = useSetAtom(activeTabAtom, { store: lmsStore });
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const { hash, pathname } = useLocation();
  const navigate = useNavigate();
  const kind = kindOfPath(pathname, { side: modules.side?.path, content: modules.contentPath });
  // A tab leads to its place: the news tab home, the applications tab to the applications (from
  // an application's screen too), the messages tab pressed while a conversation is open back to
  // the contact list.
  const choose = (value: MobileTab) => {
    if (value === 1 && kind !== 'home' && kind !== 'content') navigate(HOME_PATH);
    if (value === 3 && (kind === 'app' || kind === 'profile')) navigate(APPS_PATH);
    if (value === 2 && active === 2 && hash === CONVERSATION_HASH && modules.side) {
      navigate(modules.side.path);
    }
    setActive(value);
  };
  // With the profile (tab 0) or one of its screens (4) open no bottom tab is selected; the first
  // one stays reachable.
  const focusable = tabs.some((tab) => tab.value === active) ? active : (tabs[0]?.value ?? 1);

  const select = (index: number) => {
    const count = tabs.length;
    const next = tabs[(index + count) % count];
    if (!next) return;
    choose(next.value);
    buttons.current[(index + count) % count]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div role="tablist" aria-label={t('layout.tabs.label')} className={styles.tabs}>
      {tabs.map((tab, index) => (
        <button
          key={tab.value}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="tab"
          id={tabId(tab.value)}
          aria-selected={active === tab.value}
          aria-controls={tab.panes.map(paneId).join(' ')}
          tabIndex={focusable === tab.value ? 0 : -1}
          className={styles.tab}
          onClick={() => choose(tab.value)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={ICONS[tab.value]} />
          </svg>
          <span>{tab.label}</span>
          <span className={styles.badge}>{badges[tab.value]}</span>
        </button>
      ))}
    </div>
  );
}
