import type { Client } from './helper.js';

/** One Server-Sent Event as a test reads it: its name and its parsed data. */
export interface StreamEvent<Data = unknown> {
  name: string;
  data: Data;
}

/**
 * An open Server-Sent Events stream of one signed-in client (fetch over a listening app): the
 * events it has received, in order, and a wait for the next one that matches.
 */
export class EventStream {
  private buffer = '';
  readonly events: StreamEvent[] = [];
  private waiters: (() => void)[] = [];
  private readonly controller = new AbortController();
  readonly opened: Promise<Response>;

  constructor(url: string, client: Client) {
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    this.opened = fetch(url, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: this.controller.signal,
    });
    void this.opened.then(async (response) => {
      if (!response.ok || !response.body) return;
      const decoder = new TextDecoder();
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          this.buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = this.buffer.indexOf('\n\n')) >= 0) {
            const block = this.buffer.slice(0, end).split('\n');
            this.buffer = this.buffer.slice(end + 2);
            const name = block.find((line) => line.startsWith('event: '))?.slice(7);
            const data = block
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            if (name && data) {
              this.events.push({ name, data: JSON.parse(data) as unknown });
              for (const wake of this.waiters.splice(0)) wake();
            }
          }
        }
      } catch {
        // Aborted by close().
      }
    });
  }

  /** The first event received that matches (waiting for it up to `timeoutMs`). */
  async next(match: (event: StreamEvent) => boolean, timeoutMs = 3000): Promise<StreamEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no matching event in time');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.controller.abort();
  }
}
