import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { useSidewaysScroll } from './useSidewaysScroll.js';

function Box() {
  const box = useRef<HTMLDivElement>(null);
  const { scrolls, more } = useSidewaysScroll(box, 'rows');
  return (
    <div ref={box} data-testid="box">
      <span>{`${scrolls ? 'scrolls' : 'fits'} ${more ? 'more' : 'end'}`}</span>
    </div>
  );
}

/** A box 300 px wide inside and 100 outside, each read counted (a read is a layout in a browser). */
function measuredBox(element: HTMLElement) {
  const reads = { count: 0 };
  const size = (value: number) => ({
    configurable: true,
    get: () => {
      reads.count += 1;
      return value;
    },
  });
  Object.defineProperty(element, 'clientWidth', size(100));
  Object.defineProperty(element, 'scrollWidth', size(300));
  Object.defineProperty(element, 'scrollLeft', size(0));
  return reads;
}

/** Puts a property back as it was: the prototype's own, or none (then the inherited one shows). */
function restore(target: object, name: string, descriptor: PropertyDescriptor | undefined) {
  if (descriptor) Object.defineProperty(target, name, descriptor);
  else Reflect.deleteProperty(target, name);
}

describe('useSidewaysScroll', () => {
  const original = globalThis.ResizeObserver;
  afterEach(() => {
    globalThis.ResizeObserver = original;
  });

  it("measures when the ResizeObserver reports the box, not in the render's effect", () => {
    const reports: ResizeObserverCallback[] = [];
    const observed: Element[] = [];
    globalThis.ResizeObserver = class {
      constructor(callback: ResizeObserverCallback) {
        reports.push(callback);
      }
      observe(target: Element) {
        observed.push(target);
      }
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    const reads = { count: 0 };
    const prototype = HTMLElement.prototype;
    const clientWidth = Object.getOwnPropertyDescriptor(prototype, 'clientWidth');
    try {
      // Counted on every element from the start: the effect runs before a test could reach in.
      Object.defineProperty(prototype, 'clientWidth', {
        configurable: true,
        get: () => {
          reads.count += 1;
          return 0;
        },
      });
      render(<Box />);
    } finally {
      restore(prototype, 'clientWidth', clientWidth);
    }
    expect(reads.count).toBe(0);
    expect(screen.getByText('fits end')).toBeInTheDocument();
    const box = screen.getByTestId('box');
    expect(observed).toContain(box);

    const measured = measuredBox(box);
    act(() => reports[0]!([], {} as ResizeObserver));
    expect(measured.count).toBeGreaterThan(0);
    expect(screen.getByText('scrolls more')).toBeInTheDocument();
  });

  it('measures at once where there is no ResizeObserver', () => {
    // @ts-expect-error: a browser without it
    delete globalThis.ResizeObserver;
    const reads = { count: 0 };
    const prototype = HTMLElement.prototype;
    const descriptors = ['clientWidth', 'scrollWidth'].map(
      (name) => [name, Object.getOwnPropertyDescriptor(prototype, name)] as const,
    );
    try {
      Object.defineProperty(prototype, 'clientWidth', {
        configurable: true,
        get: () => ((reads.count += 1), 100),
      });
      Object.defineProperty(prototype, 'scrollWidth', { configurable: true, get: () => 300 });
      render(<Box />);
    } finally {
      for (const [name, descriptor] of descriptors) restore(prototype, name, descriptor);
    }
    expect(reads.count).toBeGreaterThan(0);
    expect(screen.getByText('scrolls more')).toBeInTheDocument();
  });
});
