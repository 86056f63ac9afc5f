import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, errorMessage, Loading, notify, useSession, type NewsItem } from '@lms/shared';
import { ComposeForm } from './ComposeForm';
import { NAMESPACE } from '../../../i18n';
import { deleteNews, getNewsPage, updateNews } from '../api/news';
import { NewsCard } from './NewsCard';
import styles from './NewsFeed.module.css';

type Status = 'loading' | 'ready' | 'error';

export interface NewsFeedProps {
  /** 'pane' is the compact form for the shell's home content pane. */
  variant?: 'page' | 'pane';
}

/**
 * The news feed: page 1 first, newest first, "load more" while the server says more exist,
 * the compose form for users with newsPerms, and delete / edit of the items they may edit.
 * Sending, editing or deleting reloads page 1 (spec §4).
 */
export function NewsFeed({ variant = 'page' }: NewsFeedProps) {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const headingId = useId();
  const [items, setItems] = useState<NewsItem[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [status, setStatus] = useState<Status>('loading');
  const [error, setError] = useState('');
  const [loadingMore, setLoadingMore] = useState(false);
  // Answers of an older request (a reload overtaking "load more") must not land on newer state.
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const current = ++generation.current;
    setStatus('loading');
    setLoadingMore(false);
    try {
      const first = await getNewsPage(1);
      if (current !== generation.current) return;
      setItems(first.items);
      setPage(1);
      setHasMore(first.hasMore);
      setStatus('ready');
    } catch (err) {
      if (current !== generation.current) return;
      setError(errorMessage(err));
      setStatus('error');
    }
  }, []);

  useEffect(() => {
    void reload();
    // Unmounted or another user: answers still on their way are dropped.
    const requests = generation;
    return () => {
      requests.current++;
    };
  }, [reload, user?.uid]);

  const loadMore = async () => {
    const current = generation.current;
    setLoadingMore(true);
    try {
      const next = await getNewsPage(page + 1);
      if (current !== generation.current) return;
      setItems((shown) => {
        const known = new Set(shown.map((item) => item.id_eventMessage));
        return [...shown, ...next.items.filter((item) => !known.has(item.id_eventMessage))];
      });
      setPage(next.page);
      setHasMore(next.hasMore);
    } catch (err) {
      if (current === generation.current) notify(errorMessage(err), 'error');
    } finally {
      if (current === generation.current) setLoadingMore(false);
    }
  };

  const remove = async (item: NewsItem) => {
    const confirmed = await confirm(t('deleteConfirm'), {
      confirmLabel: t('deleteConfirmButton'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      const id = await deleteNews(item.id_eventMessage);
      notify(t('deleted', { id }), 'success');
      await reload();
    } catch (err) {
      notify(errorMessage(err), 'error');
    }
  };

  const edit = async (item: NewsItem, message: string): Promise<boolean> => {
    try {
      const saved = await updateNews(item.id_eventMessage, message);
      notify(t('saved', { id: saved.id_eventMessage }), 'success');
      await reload();
      return true;
    } catch (err) {
      notify(errorMessage(err), 'error');
      return false;
    }
  };

  return (
    <section
      className={variant === 'pane' ? `${styles.feed} ${styles.pane}` : styles.feed}
      aria-labelledby={headingId}
      data-remote={NAMESPACE}
      data-remote-version={__APP_VERSION__}
    >
      <header className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {t(variant === 'pane' ? 'feedTitle' : 'title')}
        </h2>
        <small className={styles.version}>{t('version', { version: __APP_VERSION__ })}</small>
      </header>

      {user?.newsPerms && (
        <ComposeForm
          personId={user.id}
          onPosted={(item) => {
            notify(t('posted', { id: item.id_eventMessage }), 'success');
            void reload();
          }}
        />
      )}

      {status === 'loading' && <Loading />}
      {status === 'error' && (
        <div className={styles.error} role="alert">
          <p>{t('loadError', { message: error })}</p>
          <button type="button" className={styles.secondary} onClick={() => void reload()}>
            {t('retry')}
          </button>
        </div>
      )}
      {status === 'ready' && items.length === 0 && <p className={styles.empty}>{t('empty')}</p>}
      {status === 'ready' && items.length > 0 && (
        <ul className={styles.list} aria-label={t('listLabel')}>
          {items.map((item) => (
            <li key={item.id_eventMessage}>
              <NewsCard
                item={item}
                editable={!!user?.newsPerms && item.canEdit}
                onDelete={() => void remove(item)}
                onEdit={(message) => edit(item, message)}
              />
            </li>
          ))}
        </ul>
      )}
      {status === 'ready' &&
        hasMore &&
        (loadingMore ? (
          <Loading />
        ) : (
          <button type="button" className={styles.more} onClick={() => void loadMore()}>
            {t('loadMore')}
          </button>
        ))}
    </section>
  );
}
