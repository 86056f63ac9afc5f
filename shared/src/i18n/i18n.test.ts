/**
 * Each test loads a fresh copy of the modules (and of i18next) so init runs against the
 * browser state the test prepared.
 */
import type * as I18nModuleNamespace from './i18n.js';

type I18nModule = typeof I18nModuleNamespace;

function loadI18n(): I18nModule {
  let loaded: I18nModule | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<I18nModule>('./i18n.js');
  });
  if (!loaded) throw new Error('module not loaded');
  return loaded;
}

beforeEach(() => {
  window.history.replaceState(null, '', '/lms');
  document.cookie = 'lang=; Max-Age=0; Path=/';
  localStorage.clear();
  document.documentElement.removeAttribute('lang');
});

describe('initI18n', () => {
  it('starts in Russian with shared strings and sets <html lang>', async () => {
    const { initI18n } = loadI18n();
    const i18n = await initI18n();
    expect(i18n.language).toBe('ru');
    expect(i18n.t('loading', { ns: 'ui' })).toBe('Загрузка...');
    expect(document.documentElement.lang).toBe('ru');
  });

  it('starts in the detected language (query beats cookie) and persists it', async () => {
    document.cookie = 'lang=en; Path=/';
    window.history.replaceState(null, '', '/lms?lang=kg');
    const { initI18n } = loadI18n();
    const i18n = await initI18n();
    expect(i18n.language).toBe('kg');
    expect(i18n.t('loading', { ns: 'ui' })).toBe('Жүктөлүүдө...');
    expect(document.documentElement.lang).toBe('ky');
    expect(document.cookie).toContain('lang=kg');
    expect(localStorage.getItem('lang')).toBe('kg');
  });

  it('is idempotent', async () => {
    const { initI18n } = loadI18n();
    const first = initI18n();
    expect(initI18n()).toBe(first);
    await first;
  });
});

describe('changeLanguage', () => {
  it('switches the language and persists it in the cookie (360 days) and local storage', async () => {
    const { initI18n, changeLanguage, i18n } = loadI18n();
    await initI18n();
    const cookieSetter = jest.spyOn(document, 'cookie', 'set');
    await changeLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('loading', { ns: 'ui' })).toBe('Loading...');
    expect(cookieSetter).toHaveBeenCalledWith('lang=en; Max-Age=31104000; Path=/; SameSite=Lax');
    cookieSetter.mockRestore();
    expect(localStorage.getItem('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('refuses an unsupported language', async () => {
    const { changeLanguage } = loadI18n();
    // @ts-expect-error: a value outside Language, as could come from untyped code
    await expect(changeLanguage('de')).rejects.toThrow('Unsupported language');
  });
});

describe('registerNamespace', () => {
  const news = {
    kg: { title: 'Жаңылыктар' },
    ru: { title: 'Новости' },
    en: { title: 'News' },
  };

  it('makes a namespace registered before init available', async () => {
    const { initI18n, registerNamespace } = loadI18n();
    registerNamespace('news', news);
    const i18n = await initI18n();
    expect(i18n.t('title', { ns: 'news' })).toBe('Новости');
  });

  it('adds a namespace registered after init, in every language', async () => {
    const { initI18n, registerNamespace, changeLanguage } = loadI18n();
    const i18n = await initI18n();
    registerNamespace('news', news);
    expect(i18n.t('title', { ns: 'news' })).toBe('Новости');
    await changeLanguage('kg');
    expect(i18n.t('title', { ns: 'news' })).toBe('Жаңылыктар');
  });

  it('falls back to Russian for a key missing in another language', async () => {
    const { initI18n, registerNamespace, changeLanguage } = loadI18n();
    const i18n = await initI18n();
    registerNamespace('chat', { kg: {}, ru: { empty: 'Нет сообщенний' }, en: {} });
    await changeLanguage('en');
    expect(i18n.t('empty', { ns: 'chat' })).toBe('Нет сообщенний');
  });
});
