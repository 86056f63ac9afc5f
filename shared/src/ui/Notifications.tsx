import { useAtomValue } from 'jotai';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n/resources/index.js';
import { lmsStore } from '../store.js';
import {
  NOTIFICATION_DURATION_MS,
  collapseNotifications,
  dismissNotification,
  notificationsAtom,
  placementAvoiding,
  type Box,
  type NotificationItem,
  type NotificationPlacement,
} from './notification-store.js';
import { useUiStyles } from './styles.js';

/** Closes a notification 5000 ms after it came, or after the user stopped holding the stack. */
function Expiry({ id, held }: { id: number; held: boolean }) {
  useEffect(() => {
    if (held) return undefined;
    const timer = setTimeout(() => dismissNotification(id), NOTIFICATION_DURATION_MS);
    return () => clearTimeout(timer);
  }, [held, id]);
  return null;
}

function Toast({ item }: { item: NotificationItem }) {
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <div className={`lms-ui-toast lms-ui-toast--${item.kind}`} data-kind={item.kind}>
      <div className="lms-ui-toast__text">
        <p className="lms-ui-toast__message">{item.message}</p>
        {item.requestId && (
          <p className="lms-ui-state__request">{t('error.requestId', { id: item.requestId })}</p>
        )}
      </div>
      <button
        type="button"
        className="lms-ui-icon-button"
        aria-label={t('close')}
        onClick={() => dismissNotification(item.id)}
      >
        ×
      </button>
    </div>
  );
}

const boxOf = (element: Element): Box => {
  const { left, top, right, bottom } = element.getBoundingClientRect();
  return { left, top, right, bottom };
};

/**
 * Moves the stack off the element that has the keyboard focus: checked when the focus moves,
 * when the stack changes and when the page scrolls or resizes. The stack's box at the bottom
 * right is worked out from where it stands now (its bottom edge is remembered from there).
 */
function usePlacementAvoidingFocus(
  region: RefObject<HTMLDivElement | null>,
  count: number,
): NotificationPlacement {
  const [placement, setPlacement] = useState<NotificationPlacement>('end');
  const current = useRef<NotificationPlacement>('end');
  const bottomAtEnd = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = region.current;
    // An empty stack covers nothing: no layout is read (on every page's start it forced one).
    if (!element || count === 0) return undefined;
    let frame: number | null = null;
    const check = () => {
      frame = null;
      const width = document.documentElement.clientWidth;
      const now = boxOf(element);
      const height = now.bottom - now.top;
      if (current.current === 'end') bottomAtEnd.current = now.bottom;
      const bottom = bottomAtEnd.current ?? now.bottom;
      const stack: Box =
        current.current === 'start'
          ? { left: width - now.right, right: width - now.left, top: now.top, bottom: now.bottom }
          : { left: now.left, right: now.right, top: bottom - height, bottom };
      const active = document.activeElement;
      const focused =
        active && active !== document.body && !element.contains(active) ? boxOf(active) : null;
      const next = placementAvoiding(focused, stack, width);
      if (next !== current.current) {
        current.current = next;
        setPlacement(next);
      }
    };
    const schedule = () => {
      if (frame === null) frame = requestAnimationFrame(check);
    };
    const resized = () => {
      bottomAtEnd.current = null;
      schedule();
    };
    check();
    document.addEventListener('focusin', schedule);
    window.addEventListener('scroll', schedule, true);
    window.addEventListener('resize', resized);
    return () => {
      if (frame !== null) cancelAnimationFrame(frame);
      document.removeEventListener('focusin', schedule);
      window.removeEventListener('scroll', schedule, true);
      window.removeEventListener('resize', resized);
    };
  }, [region, count]);

  return placement;
}

/**
 * The host of notify(): mount it once per page (the shell does; a standalone remote too). The
 * live region is always present, so screen readers announce messages added to it. Stacked
 * notifications collapse to one with a count (they unfold on request), and the stack stands clear
 * of the focused element. While the pointer or keyboard focus is on it, nothing closes, so a
 * message can be read to the end.
 */
export function Notifications() {
  useUiStyles();
  const { t } = useTranslation(UI_NAMESPACE);
  const items = useAtomValue(notificationsAtom, { store: lmsStore });
  const [held, setHeld] = useState(false);
  const [unfolded, setUnfolded] = useState(false);
  const region = useRef<HTMLDivElement>(null);
  const placement = usePlacementAvoidingFocus(region, items.length);
  const { shown, more } = collapseNotifications(items);
  const open = unfolded && more > 0;
  const visible = open ? items : shown ? [shown] : [];

  useEffect(() => {
    if (items.length === 0) {
      setUnfolded(false);
      setHeld(false);
    }
  }, [items.length]);

  return (
    <div
      ref={region}
      className="lms-ui-notifications"
      role="region"
      aria-label={t('notifications')}
      aria-live="polite"
      data-placement={placement}
      data-unfolded={open ? 'true' : undefined}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      {items.map((item) => (
        <Expiry key={item.id} id={item.id} held={held} />
      ))}
      {more > 0 && (
        <button
          type="button"
          className="lms-ui-notifications__more"
          aria-expanded={open}
          onClick={() => setUnfolded(!open)}
        >
          {open ? t('notificationsFold') : t('notificationsAll', { count: items.length })}
        </button>
      )}
      {visible.map((item) => (
        <Toast key={item.id} item={item} />
      ))}
    </div>
  );
}
