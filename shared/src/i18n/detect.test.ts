import { detectLanguage, persistLanguage } from './detect.js';
import { LANGUAGE_COOKIE_MAX_AGE_SECONDS } from './languages.js';

function setQuery(search: string) {
  window.history.replaceState(null, '', `/lms${search}`);
}

function setCookie(value: string) {
  document.cookie = `lang=${value}; Path=/`;
}

function clearCookie() {
  document.cookie = 'lang=; Max-Age=0; Path=/';
}

beforeEach(() => {
  setQuery('');
  clearCookie();
  localStorage.clear();
});

describe('detectLanguage', () => {
  it('defaults to Russian when nothing is set', () => {
    expect(detectLanguage()).toBe('ru');
  });

  it('uses local storage when there is neither query nor cookie', () => {
    localStorage.setItem('lang', 'kg');
    expect(detectLanguage()).toBe('kg');
  });

  it('prefers the cookie over local storage', () => {
    localStorage.setItem('lang', 'kg');
    setCookie('en');
    expect(detectLanguage()).toBe('en');
  });

  it('prefers the query parameter over the cookie and local storage', () => {
    localStorage.setItem('lang', 'kg');
    setCookie('en');
    setQuery('?tab=2&lang=ru');
    expect(detectLanguage()).toBe('ru');
  });

  it('ignores unsupported values and falls through to the next source', () => {
    setQuery('?lang=de');
    setCookie('fr');
    localStorage.setItem('lang', 'en');
    expect(detectLanguage()).toBe('en');

    localStorage.setItem('lang', 'ky');
    expect(detectLanguage()).toBe('ru');
  });

  it('ignores an empty query parameter', () => {
    setQuery('?lang=');
    setCookie('kg');
    expect(detectLanguage()).toBe('kg');
  });

  it('accepts values in another case or with spaces', () => {
    setQuery('?lang=%20EN%20');
    expect(detectLanguage()).toBe('en');
  });

  it('reads the lang cookie among others', () => {
    document.cookie = 'XSRF-TOKEN=abc; Path=/';
    document.cookie = 'lang=kg; Path=/';
    document.cookie = 'xlang=en; Path=/';
    expect(detectLanguage()).toBe('kg');
  });
});

describe('persistLanguage', () => {
  it('writes a site-wide cookie for 360 days and local storage', () => {
    const cookieSetter = jest.spyOn(document, 'cookie', 'set');
    persistLanguage('kg');
    expect(LANGUAGE_COOKIE_MAX_AGE_SECONDS).toBe(31104000);
    expect(LANGUAGE_COOKIE_MAX_AGE_SECONDS * 1000).toBe(360 * 24 * 60 * 60 * 1000);
    expect(cookieSetter).toHaveBeenCalledWith('lang=kg; Max-Age=31104000; Path=/; SameSite=Lax');
    cookieSetter.mockRestore();
    expect(document.cookie).toContain('lang=kg');
    expect(localStorage.getItem('lang')).toBe('kg');
    expect(detectLanguage()).toBe('kg');
  });
});
