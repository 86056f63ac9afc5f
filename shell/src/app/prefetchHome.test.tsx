import { act, render } from '@testing-library/react';
import { lmsStore, type PortalModule } from '@lms/shared';
import { loadRemoteComponent, remoteRegistryAtom } from '../features/remotes';
import { signIn, student, teacher } from '../test/environment';
import { MODULES, REGISTRY, setRegistry } from '../test/registry';
import {
  AREA_PREFETCH_DELAY_MS,
  prefetchRoute,
  useAreaOnTap,
  usePrefetchAreas,
  whenVisitorActs,
} from './prefetchHome';

jest.mock('../features/remotes/federation', () => ({
  loadRemoteComponent: jest.fn(),
}));

const load = jest.mocked(loadRemoteComponent);

function Prefetching() {
  usePrefetchAreas();
  return null;
}

/** The user does something on the page (here turns the mouse wheel over the feed). */
const userActs = () => document.body.dispatchEvent(new Event('wheel', { bubbles: true }));

/** Lets the delay, the idle moments and each load's promise pass. */
async function idleFor(ms: number) {
  for (let step = 0; step < 10; step += 1) {
    await act(async () => {
      jest.advanceTimersByTime(ms / 10);
      await Promise.resolve();
    });
  }
}

const loaded = () => load.mock.calls.map(([remote, module]) => `${remote} ${module}`);

beforeEach(() => {
  jest.useFakeTimers();
  load.mockReset();
  load.mockResolvedValue({ default: () => null });
});
afterEach(() => jest.useRealTimers());

describe("the areas' code ahead of the tap", () => {
  it("fetches each remote module behind the role's tiles once, after the page's own loads", async () => {
    // A teacher only: the student's certificate requests are not among them.
    signIn(teacher);
    const modules: PortalModule[] = [
      ...MODULES.filter((module) => module.key !== 'singlewindow'),
      // The same remote module behind a second tile (schedule and journal).
      { ...MODULES[0]!, key: 'schedule', routes: ['schedule'] },
      // A module with no tile (a pane only) is not fetched ahead.
      { ...MODULES[1]!, key: 'panes', remote: 'rooms', tile: undefined },
    ];
    setRegistry({ ...REGISTRY, modules });
    render(<Prefetching />);
    // Nobody at the page yet: its own start has the processor to itself.
    await idleFor(AREA_PREFETCH_DELAY_MS + 5000);
    expect(load).not.toHaveBeenCalled();
    userActs();
    await idleFor(AREA_PREFETCH_DELAY_MS - 100);
    expect(load).not.toHaveBeenCalled();
    await idleFor(5000);
    expect(loaded()).toEqual(['journal ./App', 'library ./App', 'news ./App', 'chat ./App']);
  });

  it('follows the role and leaves out what was fetched before; a failure does not stop the rest', async () => {
    signIn(student);
    const rooms: PortalModule = {
      ...MODULES[0]!,
      key: 'rooms',
      remote: 'rooms',
      routes: ['rooms'],
    };
    setRegistry({ ...REGISTRY, modules: [...MODULES, rooms] });
    load.mockRejectedValueOnce(new Error('offline'));
    render(<Prefetching />);
    userActs();
    await idleFor(AREA_PREFETCH_DELAY_MS + 5000);
    // Journal, UMK, news and chat were fetched in the first test: the student's own one (which
    // fails) and the new one.
    expect(loaded()).toEqual(['finance ./App', 'rooms ./App']);
  });

  it('fetches nothing for a browser that asks to save data', async () => {
    signIn(student);
    setRegistry({
      ...REGISTRY,
      modules: [{ ...MODULES[0]!, key: 'theses', remote: 'theses', routes: ['theses'] }],
    });
    Object.defineProperty(navigator, 'connection', {
      value: { saveData: true },
      configurable: true,
    });
    try {
      render(<Prefetching />);
      userActs();
      await idleFor(AREA_PREFETCH_DELAY_MS + 5000);
      expect(load).not.toHaveBeenCalled();
    } finally {
      Object.defineProperty(navigator, 'connection', { value: undefined, configurable: true });
    }
  });

  it("loads a deep link's remote module as soon as the registry is there", async () => {
    lmsStore.set(remoteRegistryAtom, { status: 'loading' });
    prefetchRoute('/lms/umk/12');
    prefetchRoute('/lms/login');
    expect(load).not.toHaveBeenCalled();
    await act(async () => setRegistry());
    await act(async () => Promise.resolve());
    expect(loaded()).toEqual(['library ./App']);
  });

  it("loads the side lists with the page of the module that gives them (a phone's first screen there)", async () => {
    setRegistry();
    prefetchRoute('/lms/chat');
    await act(async () => Promise.resolve());
    expect(loaded()).toEqual(['chat ./App', 'chat ./DisciplineList', 'chat ./ContactList']);
  });

  it("starts an area's module at the tap on its link, not at its route's render; not a link opened elsewhere", async () => {
    setRegistry();
    function Links() {
      useAreaOnTap();
      // The router's own click handler (here: stay on the page; jsdom does not navigate).
      const stay = (event: { preventDefault(): void }) => event.preventDefault();
      return (
        <nav onClick={stay}>
          <a href="/lms/umk">UMK</a>
          <a href="/lms/chat" target="_blank">
            Chat
          </a>
          <a href="/lms/journal">
            <span>Journal</span>
          </a>
        </nav>
      );
    }
    const { getByText } = render(<Links />);
    getByText('Chat').click();
    getByText('Journal').dispatchEvent(
      new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }),
    );
    await act(async () => Promise.resolve());
    expect(load).not.toHaveBeenCalled();
    getByText('UMK').click();
    await act(async () => Promise.resolve());
    expect(loaded()).toEqual(['library ./App']);
    // A tap on what is inside a link counts as a tap on the link.
    getByText('Journal').click();
    await act(async () => Promise.resolve());
    expect(loaded()).toEqual(['library ./App', 'journal ./App']);
  });

  it("runs the login page's prefetch at the visitor's first key or press, not at a focus the page sets, and once", () => {
    const then = jest.fn();
    const cancel = whenVisitorActs(then);
    try {
      const field = document.createElement('input');
      document.body.append(field);
      field.focus();
      expect(then).not.toHaveBeenCalled();
      field.dispatchEvent(new KeyboardEvent('keydown', { key: 's', bubbles: true }));
      expect(then).toHaveBeenCalledTimes(1);
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      expect(then).toHaveBeenCalledTimes(1);
      field.remove();
    } finally {
      cancel();
    }
  });

  it('does not take a scroll for the visitor: the page scrolls itself too', () => {
    const then = jest.fn();
    const cancel = whenVisitorActs(then);
    document.dispatchEvent(new Event('scroll'));
    expect(then).not.toHaveBeenCalled();
    cancel();
  });

  it('does nothing once cancelled (the visitor left the login page)', () => {
    const then = jest.fn();
    whenVisitorActs(then)();
    document.body.dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(then).not.toHaveBeenCalled();
  });
});
