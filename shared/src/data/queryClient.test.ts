import { QueryObserver } from '@tanstack/react-query';
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
});
