import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { pageReloader } from '../features/remotes';
import { setUpI18n } from '../test/environment';
import { AppErrorBoundary } from './AppErrorBoundary';

function Broken(): never {
  throw new Error('render failed');
}

beforeAll(setUpI18n);
beforeEach(() => {
  sessionStorage.clear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('error boundary of the shell', () => {
  it("shows 'Ошибка, обновите страницу!' with a reload button on a render failure", async () => {
    const reload = jest.spyOn(pageReloader, 'reload').mockImplementation(() => undefined);
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );

    expect(screen.getByRole('alert')).toHaveTextContent('Ошибка, обновите страницу!');
    expect(reload).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Обновить страницу' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once by itself when a shell chunk vanished with a deploy', async () => {
    const reload = jest.spyOn(pageReloader, 'reload').mockImplementation(() => undefined);
    // The server answers: the chunk is gone, not the network.
    const answers = jest.fn(async () => ({ ok: true, status: 200 }) as Response);
    window.fetch = answers as unknown as typeof fetch;
    function StaleChunk(): never {
      throw Object.assign(new Error('Loading chunk 512 failed.'), { name: 'ChunkLoadError' });
    }
    const { unmount } = render(
      <AppErrorBoundary>
        <StaleChunk />
      </AppErrorBoundary>,
    );
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    unmount();
    render(
      <AppErrorBoundary>
        <StaleChunk />
      </AppErrorBoundary>,
    );
    await waitFor(() => expect(answers).toHaveBeenCalledTimes(2));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
