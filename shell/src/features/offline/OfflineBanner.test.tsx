import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { lmsStore } from '@lms/shared';
import { setUpI18n } from '../../test/environment';
import { onlineAtom, watchConnectivity } from './connectivity';
import { BANNER_HEIGHT_VARIABLE, OfflineBanner } from './OfflineBanner';

const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
let online = true;

beforeAll(setUpI18n);
beforeEach(() => {
  online = true;
  jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
  lmsStore.set(onlineAtom, true);
  fetchMock.mockReset();
  window.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => jest.restoreAllMocks());

function goOffline() {
  online = false;
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

describe('offline banner', () => {
  it("shows 'Нет сети !!!' when the browser goes offline and hides when it is back", () => {
    const stop = watchConnectivity();
    render(<OfflineBanner />);
    expect(screen.queryByText('Нет сети !!!')).not.toBeInTheDocument();

    goOffline();
    expect(screen.getByRole('alert')).toHaveTextContent('Нет сети !!!');
    // Its height is published for the shell's sticky bar and full-height grid.
    const banner = () => document.documentElement.style.getPropertyValue(BANNER_HEIGHT_VARIABLE);
    expect(banner()).toMatch(/^\d+(\.\d+)?px$/);

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText('Нет сети !!!')).not.toBeInTheDocument();
    expect(banner()).toBe('');
    stop();
  });

  it('rechecks on click by fetching /lms/config.json without the cache', async () => {
    const stop = watchConnectivity();
    render(<OfflineBanner />);
    goOffline();
    const user = userEvent.setup();

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Нет сети !!!' }));
    expect(fetchMock).toHaveBeenLastCalledWith('/lms/config.json', { cache: 'no-cache' });
    expect(screen.getByText('Нет сети !!!')).toBeInTheDocument();

    // jsdom has no Response; the probe only looks at `ok`.
    fetchMock.mockResolvedValueOnce({ ok: true, status: 200 } as Response);
    await user.click(screen.getByRole('button', { name: 'Нет сети !!!' }));
    expect(screen.queryByText('Нет сети !!!')).not.toBeInTheDocument();
    stop();
  });
});
