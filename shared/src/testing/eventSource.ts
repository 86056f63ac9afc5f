/**
 * A stand-in for the browser's EventSource (jsdom has none) that a test drives by hand: install
 * it with `Object.assign(globalThis, { EventSource: FakeEventSource })`, then `fire` the
 * stream's events.
 */
export class FakeEventSource {
  static CLOSED = 2;
  /** Every stream opened since the test emptied the list. */
  static instances: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  /** The stream's event `type` arrives, with `data` when given. */
  fire(type: string, data?: string) {
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, data === undefined ? {} : { data }));
    }
  }

  close() {
    this.closed = true;
  }
}
