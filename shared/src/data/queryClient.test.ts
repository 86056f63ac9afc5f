import { changeLanguage, initI18n } from '../i18n/i18n.js';
import { clearServerState, queryClient } from './queryClient.js';

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

  it('does not invalidate when the same language is chosen again', async () => {
    await initI18n();
    await changeLanguage('ru');
    await queryClient.fetchQuery({ queryKey: ['same'], queryFn: () => Promise.resolve(1) });
    await changeLanguage('ru');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queryClient.getQueryState(['same'])?.isInvalidated).toBe(false);
  });
});
