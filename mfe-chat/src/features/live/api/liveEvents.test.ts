import { FakeEventSource } from '@lms/shared/testing';
import { POLL_INTERVAL_MS, subscribeLive, type LiveSignal } from './liveEvents';

const event = {
  kind: 'message',
  id_message: 5,
  conversation: { year: 26, ws: 1, id_discipline: 9, id_group: 2, teacherId: 3, studentId: 13 },
  actor: { role: 2, id: 13 },
};

describe('live chat events', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    FakeEventSource.instances = [];
    Object.assign(globalThis, { EventSource: FakeEventSource });
  });
  afterEach(() => {
    jest.useRealTimers();
    delete (globalThis as { EventSource?: unknown }).EventSource;
  });

  it('passes pushed events on; polls new.json while the stream is down; catches up on every opening', () => {
    const signals: LiveSignal[] = [];
    const stop = subscribeLive((signal) => signals.push(signal));
    const stream = FakeEventSource.instances[0] as FakeEventSource;
    expect(stream.url).toBe('/lms/api/chat/events');
    // Opened: one catch-up for what was sent between the panes' first fetch and now.
    stream.fire('open');
    stream.fire('chat', JSON.stringify(event));
    expect(signals).toEqual([{ type: 'catch-up' }, { type: 'event', event }]);

    // The API goes away (a restart): the browser reconnects by itself, we poll meanwhile.
    stream.fire('error');
    jest.advanceTimersByTime(POLL_INTERVAL_MS * 2);
    expect(signals.filter((s) => s.type === 'catch-up')).toHaveLength(3);

    // Back: one catch-up for what was missed, and no more polling.
    stream.fire('open');
    expect(signals.filter((s) => s.type === 'catch-up')).toHaveLength(4);
    jest.advanceTimersByTime(POLL_INTERVAL_MS * 3);
    expect(signals.filter((s) => s.type === 'catch-up')).toHaveLength(4);

    stop();
    expect(stream.closed).toBe(true);
  });

  it('opens a new stream when the browser gives up on one', () => {
    const stop = subscribeLive(() => undefined);
    const first = FakeEventSource.instances[0] as FakeEventSource;
    first.readyState = FakeEventSource.CLOSED;
    first.fire('error');
    jest.advanceTimersByTime(5000);
    expect(FakeEventSource.instances).toHaveLength(2);
    stop();
  });

  it('without EventSource, polling is the mechanism', () => {
    delete (globalThis as { EventSource?: unknown }).EventSource;
    const signals: LiveSignal[] = [];
    const stop = subscribeLive((signal) => signals.push(signal));
    jest.advanceTimersByTime(POLL_INTERVAL_MS);
    expect(signals).toEqual([{ type: 'catch-up' }]);
    stop();
  });
});
