import { onlineManager, QueryObserver, skipToken } from '@tanstack/react-query';
import { changeLanguage, initI18n } from '../i18n/i18n.js';
import { clearServerState, queryClient } from './queryClient.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('queryClient', () => {
  afterEach(() => clearServerState());

  it('fetches shown answers again after a language switch (catalogue names are translated)', async () => {
    await initI18n();
    await changeLanguage('ru');
    let calls = 0;
    const fetchNames = () => Promise.resolve(++calls);
    await queryClient.fetchQuery({ queryKey: ['names'], queryFn: fetchNames });
    expect(queryClient.getQueryState(['names'])?.isInvalidated).toBe(false);

    await changeLanguage('en');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queryClient.getQueryState(['names'])?.isInvalidated).toBe(true);
    await changeLanguage('ru');
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('a first load still on its way at a switch is asked again; its old-language answer is dropped', async () => {
    await initI18n();
    await changeLanguage('ru');
    // Each request answers in the language of the moment it was sent (the API reads the cookie).
    const pending: { language: string; answer: () => void }[] = [];
    const observer = new QueryObserver(queryClient, {
      queryKey: ['first load'],
      queryFn: () =>
        new Promise<string>((resolve) => {
          const language = document.documentElement.lang;
          pending.push({ language, answer: () => resolve(`names in ${language}`) });
        }),
    });
    const shown: (string | undefined)[] = [];
    const unsubscribe = observer.subscribe((result) => shown.push(result.data));
    await tick();
    expect(pending.map((p) => p.language)).toEqual(['ru']);

    await changeLanguage('en');
    await tick();
    pending[0]!.answer();
    await tick();
    expect(pending.map((p) => p.language)).toEqual(['ru', 'en']);
    pending[1]!.answer();
    await tick();
    expect(observer.getCurrentResult().data).toBe('names in en');
    expect(shown).not.toContain('names in ru');
    unsubscribe();
    await changeLanguage('ru');
    await tick();
  });

  it('does not invalidate when the same language is chosen again', async () => {
    await initI18n();
    await changeLanguage('ru');
    await queryClient.fetchQuery({ queryKey: ['same'], queryFn: () => Promise.resolve(1) });
    await changeLanguage('ru');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queryClient.getQueryState(['same'])?.isInvalidated).toBe(false);
  });

  describe('offline', () => {
    // Mounted, as under PortalProviders: the client follows the network.
    beforeEach(() => queryClient.mount());
    afterEach(() => {
      onlineManager.setOnline(true);
      queryClient.unmount();
    });

    it('a query with nothing to show says at once that it needs the network, and loads once it is back', async () => {
      onlineManager.setOnline(false);
      let answer: (value: string) => void = () => undefined;
      const observer = new QueryObserver(queryClient, {
        queryKey: ['offline', 'never seen'],
        queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
      });
      const unsubscribe = observer.subscribe(() => undefined);
      await tick();
      const offline = observer.getCurrentResult();
      expect(offline.isError).toBe(true);
      expect(offline.error).toMatchObject({ kind: 'NETWORK_ERROR' });
      expect(offline.isLoading).toBe(false);

      onlineManager.setOnline(true);
      await tick();
      answer('loaded');
      await tick();
      expect(observer.getCurrentResult()).toMatchObject({ isSuccess: true, data: 'loaded' });
      unsubscribe();
    });

    it('a query with an answer keeps showing it while offline', async () => {
      await queryClient.fetchQuery({ queryKey: ['offline', 'seen'], queryFn: () => 'kept' });
      onlineManager.setOnline(false);
      const observer = new QueryObserver(queryClient, {
        queryKey: ['offline', 'seen'],
        queryFn: () => 'fresh',
        staleTime: 0,
      });
      const unsubscribe = observer.subscribe(() => undefined);
      await tick();
      expect(observer.getCurrentResult()).toMatchObject({
        isSuccess: true,
        data: 'kept',
        fetchStatus: 'paused',
      });
      unsubscribe();
    });

    it('an action fails at once without a network instead of waiting for it', async () => {
      onlineManager.setOnline(false);
      const failed = queryClient
        .getMutationCache()
        .build(queryClient, {
          mutationFn: () => Promise.reject(new TypeError('Failed to fetch')),
        })
        .execute(undefined);
      await expect(failed).rejects.toThrow('Failed to fetch');
    });
  });
  describe('a screen\'s first request goes out when the screen is drawn', () => {
    // A useQuery makes its query while rendering (its observer, as here) and subscribes only
    // once React has committed the screen and run its effects.
    it('is asked for before anything subscribes, and the mount joins that request', async () => {
      let calls = 0;
      const observer = new QueryObserver(queryClient, {
        queryKey: ['first', 'list'],
        queryFn: () => Promise.resolve(`answer ${++calls}`),
      });
      await Promise.resolve();
      expect(calls).toBe(1);
      const shown: (string | undefined)[] = [];
      const unsubscribe = observer.subscribe((result) => shown.push(result.data));
      await tick();
      expect(observer.getCurrentResult().data).toBe('answer 1');
      expect(calls).toBe(1);
      unsubscribe();
    });

    it('leaves a disabled query, one without a function and one asked again on every mount', async () => {
      const asked: string[] = [];
      const ask = (name: string) => () => {
        asked.push(name);
        return Promise.resolve(name);
      };
      const made = [
        new QueryObserver(queryClient, {
          queryKey: ['first', 'off'],
          queryFn: ask('off'),
          enabled: false,
        }),
        new QueryObserver(queryClient, {
          queryKey: ['first', 'later'],
          queryFn: ask('later'),
          enabled: () => false,
        }),
        new QueryObserver(queryClient, { queryKey: ['first', 'skip'], queryFn: skipToken }),
        new QueryObserver(queryClient, {
          queryKey: ['first', 'always'],
          queryFn: ask('always'),
          refetchOnMount: 'always',
        }),
        new QueryObserver(queryClient, {
          queryKey: ['first', 'stale'],
          queryFn: ask('stale'),
          staleTime: 0,
        }),
      ];
      await tick();
      expect(made).toHaveLength(5);
      expect(asked).toEqual([]);
      // A subscribed screen asks as before: once.
      const unsubscribe = made[3]!.subscribe(() => undefined);
      await tick();
      expect(asked).toEqual(['always']);
      unsubscribe();
    });

    it('leaves a query that has an answer already', async () => {
      queryClient.setQueryData(['first', 'known'], 'kept');
      let calls = 0;
      const observer = new QueryObserver(queryClient, {
        queryKey: ['first', 'known'],
        queryFn: () => Promise.resolve(`answer ${++calls}`),
      });
      await tick();
      expect(calls).toBe(0);
      expect(observer.getCurrentResult().data).toBe('kept');
    });
  });
});

