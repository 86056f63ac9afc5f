import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyLoaded } from './lazyLoaded';

const Greeting = () => <p>Loaded</p>;

describe('lazyLoaded', () => {
  it('renders a module loaded before its first render at once, without the fallback', () => {
    const module = { default: Greeting };
    const load = jest.fn(() => Promise.resolve(module));
    const Component = lazyLoaded(() => module, load);
    render(
      <Suspense fallback={<p>Fallback</p>}>
        <Component />
      </Suspense>,
    );
    expect(screen.getByText('Loaded')).toBeInTheDocument();
    expect(screen.queryByText('Fallback')).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads a module not loaded yet, with the fallback meanwhile', async () => {
    let resolve: (module: { default: typeof Greeting }) => void = () => undefined;
    const Component = lazyLoaded(
      () => undefined,
      () => new Promise<{ default: typeof Greeting }>((done) => (resolve = done)),
    );
    render(
      <Suspense fallback={<p>Fallback</p>}>
        <Component />
      </Suspense>,
    );
    expect(screen.getByText('Fallback')).toBeInTheDocument();
    await act(async () => resolve({ default: Greeting }));
    expect(await screen.findByText('Loaded')).toBeInTheDocument();
  });
});
