import { useTranslation } from 'react-i18next';
import {
  Button,
  confirm,
  errorMessage,
  Loading,
  notify,
  PageFrame,
  usePlainList,
  useSession,
  type NewsItem,
  notifyFailure,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useDeleteNews, useNewsFeed, useReloadFeed, useUpdateNews } from '../api/useNewsFeed';
import { ComposeForm } from './ComposeForm';
import { NewsCard } from './NewsCard';
import styles from './NewsFeed.module.css';

export interface NewsFeedProps {
  /** 'pane' is the home page's feed: its own title and no description. */
  variant?: 'page' | 'pane';
}

/**
 * The news feed: page 1 first, newest first, "load more" while the server says more exist,
 * the compose form for users with newsPerms, and delete / edit of the items they may edit.
 * Sending, editing or deleting reloads page 1 (spec §4).
 */
export function NewsFeed({ variant = 'page' }: NewsFeedProps) {
  const { t } = useTranslation(NAMESPACE);
  const plainList = usePlainList();
  const { user } = useSession();
  const feed = useNewsFeed();
  const reload = useReloadFeed();
  const deletion = useDeleteNews();
  const update = useUpdateNews();
  const { items } = feed;

  const loadMore = async () => {
    const result = await feed.fetchNextPage();
    if (result.isFetchNextPageError) notifyFailure(result.error);
  };

  const remove = async (item: NewsItem) => {
    const confirmed = await confirm(t('deleteConfirm'), {
      confirmLabel: t('deleteConfirmButton'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      const { id } = await deletion.mutateAsync(item.id_eventMessage);
      notify(t('deleted', { id }), 'success');
    } catch (err) {
      notifyFailure(err);
    }
  };

  const edit = async (item: NewsItem, message: string): Promise<boolean> => {
    try {
      await update.mutateAsync({ id: item.id_eventMessage, message });
      notify(t('saved'), 'success');
      return true;
    } catch (err) {
      notifyFailure(err);
      return false;
    }
  };

  return (
    <PageFrame
      remote={NAMESPACE}
      version={__APP_VERSION__}
      title={t(variant === 'pane' ? 'feedTitle' : 'title')}
      description={variant === 'page' ? t('description') : undefined}
    >
      {user?.newsPerms && (
        <ComposeForm
          personId={user.id}
          onPosted={() => {
            notify(t('posted'), 'success');
            void reload();
          }}
        />
      )}

      {feed.isPending && <Loading />}
      {feed.isError && !feed.isFetchNextPageError && (
        <div className={styles.error} role="alert">
          <p>{t('loadError', { message: errorMessage(feed.error) })}</p>
          <Button variant="secondary" onClick={() => void reload()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {feed.data && items.length === 0 && <p className={styles.empty}>{t('empty')}</p>}
      {items.length > 0 && (
        <ul className={`${plainList} ${styles.list}`} aria-label={t('listLabel')}>
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
      {feed.data &&
        feed.hasNextPage &&
        (feed.isFetchingNextPage ? (
          <Loading />
        ) : (
          <Button variant="secondary" className={styles.more} onClick={() => void loadMore()}>
            {t('loadMore')}
          </Button>
        ))}
    </PageFrame>
  );
}
