import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession, type NewsItem } from '@lms/shared';
import { deleteNews, getNewsPage, newsKeys, updateNews } from './news';

/**
 * The caller's feed: page 1 first, further pages while the server says more exist. Items that
 * moved to the next page (someone posted meanwhile) are shown once.
 */
export function useNewsFeed() {
  const { user } = useSession();
  const query = useInfiniteQuery({
    queryKey: newsKeys.feed(user?.uid),
    queryFn: ({ pageParam }) => getNewsPage({ page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled: !!user,
  });
  const seen = new Set<number>();
  const items: NewsItem[] = [];
  for (const page of query.data?.pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id_eventMessage)) continue;
      seen.add(item.id_eventMessage);
      items.push(item);
    }
  }
  return { ...query, items };
}

/** Sending, editing or deleting shows page 1 again (spec §4). */
export function useReloadFeed() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return () => queryClient.resetQueries({ queryKey: newsKeys.feed(user?.uid) });
}

export function useDeleteNews() {
  const reload = useReloadFeed();
  return useMutation({
    mutationFn: (id: number) => deleteNews({ id }),
    onSuccess: () => reload(),
  });
}

export function useUpdateNews() {
  const reload = useReloadFeed();
  return useMutation({
    mutationFn: (change: { id: number; message: string }) => updateNews(change),
    onSuccess: () => reload(),
  });
}
