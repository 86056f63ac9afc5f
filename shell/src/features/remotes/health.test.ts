import { lmsStore, sessionStatusAtom } from '@lms/shared';
import { HEALTH_URL, releaseOf, reportRemoteFailed, reportRemoteLoaded } from './health';

describe('remote health reports', () => {
  const beacon = jest.fn((_url: string, _body?: BodyInit | null) => true);
  beforeAll(() => {
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  });
  beforeEach(() => beacon.mockClear());

  const sentBodies = () =>
    Promise.all(
      beacon.mock.calls.map(async ([url, body]) => {
        expect(url).toBe(HEALTH_URL);
        // jsdom's Blob has no text(): read it as a browser would.
        const text = await new Promise<string>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result));
          reader.readAsText(body as Blob);
        });
        expect((body as Blob).type).toBe('application/json');
        return JSON.parse(text) as Record<string, unknown>;
      }),
    );

  test('name the release by its manifest URL', () => {
    expect(releaseOf('/lms/deploy/news/2.4.0/mf-manifest.json')).toBe('2.4.0');
    expect(releaseOf('/lms/public/news/mf-manifest.json')).toBe('built-in');
    expect(releaseOf('https://news.fit.example.kg/releases/2.3.0/mf-manifest.json')).toBe('2.3.0');
    expect(releaseOf(undefined)).toBe('built-in');
  });

  test('are not sent before sign-in (the server would refuse them)', () => {
    document.cookie = 'XSRF-TOKEN=abc';
    lmsStore.set(sessionStatusAtom, 'anonymous');
    reportRemoteLoaded('library', '/lms/public/library/mf-manifest.json', 10);
    reportRemoteFailed('library', '/lms/public/library/mf-manifest.json', 'load');
    expect(beacon).not.toHaveBeenCalled();
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  test('are sent only with the XSRF token, a load once per remote, a failure once per kind and error', async () => {
    lmsStore.set(sessionStatusAtom, 'authenticated');
    reportRemoteLoaded('chat', '/lms/public/chat/mf-manifest.json', 10);
    expect(beacon).not.toHaveBeenCalled();

    document.cookie = 'XSRF-TOKEN=abc';
    reportRemoteLoaded('news', '/lms/deploy/news/2.4.0/mf-manifest.json', 812.4);
    reportRemoteLoaded('news', '/lms/deploy/news/2.4.0/mf-manifest.json', 90);
    const error = new Error('boom');
    reportRemoteFailed('finance', '/lms/public/finance/mf-manifest.json', 'load', error);
    reportRemoteFailed('finance', '/lms/public/finance/mf-manifest.json', 'render', error);
    reportRemoteFailed('finance', '/lms/public/finance/mf-manifest.json', 'render', new Error('b'));
    expect(await sentBodies()).toEqual([
      { remote: 'news', release: '2.4.0', outcome: 'loaded', ms: 812, xsrf: 'abc' },
      { remote: 'finance', release: 'built-in', outcome: 'failed', kind: 'load', xsrf: 'abc' },
      { remote: 'finance', release: 'built-in', outcome: 'failed', kind: 'render', xsrf: 'abc' },
    ]);
  });
});
