import type * as ClientModule from '../http/client.js';
import type * as I18nModuleNamespace from './i18n.js';
import { createMissingKeyReporter, MISSING_KEY_LIMITS } from './missing.js';

type Sent = [string, string, Record<string, string>];

function recorder(fail = false) {
  const sent: Sent[] = [];
  const send = jest.fn((lng: string, ns: string, keys: Record<string, string>) => {
    sent.push([lng, ns, keys]);
    return fail ? Promise.reject(new Error('429')) : Promise.resolve();
  });
  return { sent, send };
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('createMissingKeyReporter', () => {
  it('batches the keys of a quiet moment into one report per language and namespace', async () => {
    const { sent, send } = recorder();
    const reporter = createMissingKeyReporter({ mode: 'development', send, debounceMs: 1000 });
    reporter.report(['en'], 'common', 'menu.rooms', 'Rooms');
    jest.advanceTimersByTime(600);
    reporter.report(['en'], 'common', 'menu.halls', 'Halls');
    reporter.report(['kg'], 'chat', 'title', 'Чат');
    jest.advanceTimersByTime(600);
    // The debounce restarted with every key: nothing has left yet.
    expect(send).not.toHaveBeenCalled();
    jest.advanceTimersByTime(400);
    await Promise.resolve();
    expect(sent).toEqual([
      ['en', 'common', { 'menu.rooms': 'Rooms', 'menu.halls': 'Halls' }],
      ['kg', 'chat', { title: 'Чат' }],
    ]);
  });

  it('reports a key once per page session', async () => {
    const { sent, send } = recorder();
    const reporter = createMissingKeyReporter({ mode: 'development', send });
    reporter.report(['en'], 'common', 'a', 'A');
    reporter.report(['en'], 'common', 'a', 'A');
    await reporter.flush();
    reporter.report(['en'], 'common', 'a', 'A');
    await reporter.flush();
    expect(sent).toEqual([['en', 'common', { a: 'A' }]]);
  });

  it('leaves out what the server would refuse and shortens long fallbacks', async () => {
    const { sent, send } = recorder();
    const reporter = createMissingKeyReporter({ mode: 'development', send });
    reporter.report(['de', 'dev'], 'common', 'a', 'A');
    reporter.report(['en'], 'Not a namespace', 'a', 'A');
    reporter.report(['en'], 'common', 'k'.repeat(MISSING_KEY_LIMITS.maxKeyLength + 1), '');
    reporter.report(['en'], 'common', 'line\nbreak', '');
    reporter.report(['en'], 'common', '', '');
    reporter.report(['en'], 'common', 'long', 'x'.repeat(5000));
    reporter.report(['en'], 'common', 'object', { nested: true });
    await reporter.flush();
    expect(sent).toEqual([
      ['en', 'common', { long: 'x'.repeat(MISSING_KEY_LIMITS.maxValueLength), object: '' }],
    ]);
  });

  it('splits a large batch into reports of at most the server’s keys per request', async () => {
    const { sent, send } = recorder();
    const reporter = createMissingKeyReporter({ mode: 'development', send });
    for (let i = 0; i < 120; i++) reporter.report(['ru'], 'news', `k${i}`, '');
    await reporter.flush();
    expect(sent.map(([, , keys]) => Object.keys(keys).length)).toEqual([50, 50, 20]);
  });

  it('in production sends at most a few keys and requests per page session', async () => {
    const { sent, send } = recorder();
    const reporter = createMissingKeyReporter({
      mode: 'production',
      send,
      maxKeysPerSession: 5,
      maxRequestsPerSession: 2,
    });
    for (let i = 0; i < 4; i++) reporter.report(['en'], 'common', `a${i}`, '');
    await reporter.flush();
    for (let i = 0; i < 4; i++) reporter.report(['en'], 'common', `b${i}`, '');
    await reporter.flush();
    expect(sent.flatMap(([, , keys]) => Object.keys(keys))).toEqual(['a0', 'a1', 'a2', 'a3', 'b0']);
    reporter.report(['en'], 'chat', 'c', '');
    await reporter.flush();
    expect(sent).toHaveLength(2);
  });

  it('in production waits longer and stops after a refused report', async () => {
    const { sent, send } = recorder(true);
    const reporter = createMissingKeyReporter({ mode: 'production', send });
    reporter.report(['en'], 'common', 'a', '');
    jest.advanceTimersByTime(1000);
    expect(send).not.toHaveBeenCalled();
    jest.advanceTimersByTime(4000);
    expect(send).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    await Promise.resolve();
    reporter.report(['en'], 'common', 'b', '');
    await reporter.flush();
    expect(sent).toHaveLength(1);
  });

  it('in development goes on after a refused report', async () => {
    const { sent, send } = recorder(true);
    const reporter = createMissingKeyReporter({ mode: 'development', send });
    reporter.report(['en'], 'common', 'a', '');
    await reporter.flush();
    reporter.report(['en'], 'common', 'b', '');
    await reporter.flush();
    expect(sent).toHaveLength(2);
  });
});

describe('the i18next instance', () => {
  function load(): { i18nModule: typeof I18nModuleNamespace; client: typeof ClientModule } {
    let i18nModule: typeof I18nModuleNamespace | undefined;
    let client: typeof ClientModule | undefined;
    jest.isolateModules(() => {
      client = jest.requireActual<typeof ClientModule>('../http/client.js');
      i18nModule = jest.requireActual<typeof I18nModuleNamespace>('./i18n.js');
    });
    if (!i18nModule || !client) throw new Error('modules not loaded');
    return { i18nModule, client };
  }

  beforeEach(() => {
    document.cookie = 'lang=; Max-Age=0; Path=/';
    localStorage.clear();
    window.history.replaceState(null, '', '/lms');
  });

  it('reports only keys it cannot find, under the language shown', async () => {
    const { i18nModule } = load();
    const { sent, send } = recorder();
    const reporter = createMissingKeyReporter({ mode: 'development', send });
    i18nModule.setMissingKeyReporter(reporter);
    const i18n = await i18nModule.initI18n();
    expect(i18n.t('loading', { ns: 'ui' })).toBe('Загрузка...');
    await reporter.flush();
    expect(send).not.toHaveBeenCalled();

    expect(i18n.t('no.such.key')).toBe('no.such.key');
    expect(i18n.t('status.unknown', { ns: 'ui', defaultValue: 'Unknown' })).toBe('Unknown');
    await i18nModule.changeLanguage('en');
    i18n.t('no.such.english.key', { ns: 'ui' });
    await reporter.flush();
    expect(sent).toEqual([
      ['ru', 'common', { 'no.such.key': 'no.such.key' }],
      ['ru', 'ui', { 'status.unknown': 'Unknown' }],
      ['en', 'ui', { 'no.such.english.key': 'no.such.english.key' }],
    ]);
  });

  it('sends nothing outside a development or production build', async () => {
    const { i18nModule, client } = load();
    const post = jest.spyOn(client.http, 'post');
    const i18n = await i18nModule.initI18n();
    i18n.t('no.such.key');
    jest.runOnlyPendingTimers();
    expect(post).not.toHaveBeenCalled();
  });
});
