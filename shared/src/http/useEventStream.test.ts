import { act, cleanup, renderHook } from '@testing-library/react';
import { sessionStatusAtom, userAtom } from '../session/atoms.js';
import { lmsStore } from '../store.js';
import { FakeEventSource } from '../testing/eventSource.js';
import { useEventStream, type EventStreamHandlers } from './useEventStream.js';

const user = (uid: number) => ({
  id: uid,
  uid,
  role: 2 as const,
  fullName: 'Асанов Бакыт Маратович',
  newsPerms: false,
});

const streams = () => FakeEventSource.instances;
const only = () => {
  expect(streams()).toHaveLength(1);
  return streams()[0] as FakeEventSource;
};

describe('useEventStream', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    FakeEventSource.instances = [];
    Object.assign(globalThis, { EventSource: FakeEventSource });
    lmsStore.set(userAtom, user(120));
    lmsStore.set(sessionStatusAtom, 'authenticated');
  });
  afterEach(() => {
    cleanup();
    jest.useRealTimers();
    delete (globalThis as { EventSource?: unknown }).EventSource;
    lmsStore.set(userAtom, null);
    lmsStore.set(sessionStatusAtom, 'unknown');
  });

  it('opens the stream under the API with the cookie and passes each named event on, parsed', () => {
    const orders: unknown[] = [];
    const { unmount } = renderHook(() =>
      useEventStream('/api/singlewindow/events', {
        events: { order: (data) => orders.push(data) },
      }),
    );
    const stream = only();
    expect(stream.url).toBe('/lms/api/singlewindow/events');
    expect(stream.init).toEqual({ withCredentials: true });

    stream.fire('open');
    stream.fire('order', JSON.stringify({ id: 7, status: 'ready' }));
    stream.fire('order', 'not json');
    stream.fire('chat', JSON.stringify({ id: 1 }));
    expect(orders).toEqual([{ id: 7, status: 'ready' }, undefined]);

    unmount();
    expect(stream.closed).toBe(true);
  });

  it('catches up every pollMs while the stream is down, once when it is back, then no more', () => {
    const catchUp = jest.fn();
    const { unmount } = renderHook(() =>
      useEventStream('/api/x/events', { events: {}, catchUp, pollMs: 1000 }),
    );
    const stream = only();
    stream.fire('open');
    // The first open asks nothing: the screen has just loaded.
    expect(catchUp).toHaveBeenCalledTimes(0);

    stream.fire('error');
    stream.fire('error');
    jest.advanceTimersByTime(2500);
    expect(catchUp).toHaveBeenCalledTimes(2);

    stream.fire('open');
    expect(catchUp).toHaveBeenCalledTimes(3);
    jest.advanceTimersByTime(5000);
    expect(catchUp).toHaveBeenCalledTimes(3);

    stream.fire('error');
    unmount();
    jest.advanceTimersByTime(5000);
    expect(catchUp).toHaveBeenCalledTimes(3);
  });

  it('catches up on the first open when asked to, and polls nothing without pollMs', () => {
    const catchUp = jest.fn();
    renderHook(() =>
      useEventStream('/api/schedule/qr/events?id_qr=4', {
        events: { visit: catchUp },
        catchUp,
        catchUpOnFirstOpen: true,
      }),
    );
    const stream = only();
    expect(stream.url).toBe('/lms/api/schedule/qr/events?id_qr=4');
    stream.fire('open');
    expect(catchUp).toHaveBeenCalledTimes(1);
    stream.fire('visit', '{}');
    expect(catchUp).toHaveBeenCalledTimes(2);
    stream.fire('error');
    jest.advanceTimersByTime(60_000);
    expect(catchUp).toHaveBeenCalledTimes(2);
    stream.fire('open');
    expect(catchUp).toHaveBeenCalledTimes(3);
  });

  it('polls where the browser has no Server-Sent Events, until the component goes', () => {
    delete (globalThis as { EventSource?: unknown }).EventSource;
    const catchUp = jest.fn();
    const { unmount } = renderHook(() =>
      useEventStream('/api/x/events', { events: {}, catchUp, pollMs: 1000 }),
    );
    jest.advanceTimersByTime(3000);
    expect(catchUp).toHaveBeenCalledTimes(3);
    unmount();
    jest.advanceTimersByTime(3000);
    expect(catchUp).toHaveBeenCalledTimes(3);
  });

  it('opens nothing while disabled; opens when enabled', () => {
    const { rerender } = renderHook(
      ({ enabled }: { enabled: boolean }) =>
        useEventStream('/api/x/events', { events: {} }, enabled),
      { initialProps: { enabled: false } },
    );
    expect(streams()).toHaveLength(0);
    rerender({ enabled: true });
    expect(only().closed).toBe(false);
  });

  it('calls the latest handlers without opening again; opens again for another user', () => {
    const heard: string[] = [];
    const handlers = (who: string): EventStreamHandlers => ({
      events: { order: () => heard.push(who) },
    });
    const { rerender } = renderHook(
      ({ who }: { who: string }) => useEventStream('/api/x/events', handlers(who)),
      { initialProps: { who: 'first' } },
    );
    rerender({ who: 'second' });
    const stream = only();
    stream.fire('order', '{}');
    expect(heard).toEqual(['second']);

    act(() => lmsStore.set(userAtom, user(130)));
    expect(streams()).toHaveLength(2);
    expect(stream.closed).toBe(true);
    expect(streams()[1]?.closed).toBe(false);
  });
});
