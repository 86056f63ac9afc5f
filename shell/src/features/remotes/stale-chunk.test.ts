import {
  isStaleChunkError,
  pageReloader,
  RELOAD_GUARD_MS,
  reloadIfStale,
  reloadOnceForStaleChunk,
} from './stale-chunk';

describe('stale chunk detection', () => {
  it.each([
    Object.assign(new Error('x'), { name: 'ChunkLoadError' }),
    new Error('x', { cause: Object.assign(new Error('y'), { name: 'ChunkLoadError' }) }),
    new Error('Loading chunk 377 failed.\n(error: /lms/public/news/377.js)'),
    new Error('Loading CSS chunk 12 failed.'),
    new TypeError('Failed to fetch dynamically imported module: /x.js'),
    new Error('[ Federation Runtime ]: RUNTIME-008 Failed to load script resources.'),
  ])('recognises %p', (error) => {
    expect(isStaleChunkError(error)).toBe(true);
  });

  it.each([
    new Error('[ Federation Runtime ]: RUNTIME-003 Failed to get manifest.'),
    new TypeError("Cannot read properties of undefined (reading 'map')"),
    null,
  ])('leaves other failures alone: %p', (error) => {
    expect(isStaleChunkError(error)).toBe(false);
  });
});

describe('reload guard', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it('reloads once per scope within the guard window, and again after it', () => {
    const reload = jest.spyOn(pageReloader, 'reload').mockImplementation(() => undefined);
    const start = 1_700_000_000_000;

    expect(reloadOnceForStaleChunk('news', start)).toBe(true);
    expect(reloadOnceForStaleChunk('news', start + 1000)).toBe(false);
    expect(reloadOnceForStaleChunk('chat', start + 1000)).toBe(true);
    expect(reloadOnceForStaleChunk('news', start + RELOAD_GUARD_MS + 1)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });
});

describe('a chunk that failed for want of a network', () => {
  const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();

  beforeEach(() => {
    sessionStorage.clear();
    fetchMock.mockReset();
    window.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => jest.restoreAllMocks());

  it('does not reload while the browser is offline, and asks nothing', async () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = jest.spyOn(pageReloader, 'reload').mockImplementation(() => undefined);
    await expect(reloadIfStale('news')).resolves.toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not reload when the server does not answer although the browser says online', async () => {
    const reload = jest.spyOn(pageReloader, 'reload').mockImplementation(() => undefined);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(reloadIfStale('news')).resolves.toBe(false);
    expect(reload).not.toHaveBeenCalled();
    // Nor does it use up the one reload the guard allows.
    fetchMock.mockResolvedValueOnce({ ok: true, status: 200 } as Response);
    await expect(reloadIfStale('news')).resolves.toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once when the server answers, so the file itself is gone', async () => {
    const reload = jest.spyOn(pageReloader, 'reload').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue({ ok: true, status: 200 } as Response);
    await expect(reloadIfStale('news')).resolves.toBe(true);
    await expect(reloadIfStale('news')).resolves.toBe(false);
    expect(fetchMock).toHaveBeenCalledWith('/lms/config.json', { cache: 'no-cache' });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
