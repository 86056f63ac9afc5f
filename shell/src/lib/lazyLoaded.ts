import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Module<P> = { default: ComponentType<P> };

/**
 * React.lazy for a module that may be loaded already (a prefetch beside the session check, a
 * remote shown before): such a module renders at once. React.lazy takes a promise even of a
 * loaded module for a suspension: its Suspense boundary shows the fallback, and React reveals
 * what follows no sooner than 300 ms after a fallback came (it throttles reveals), on every
 * page's start. `loaded` says what has loaded when the component first renders; `load` loads it.
 */
export function lazyLoaded<P extends object>(
  loaded: () => Module<P> | undefined,
  load: () => Promise<Module<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => {
    const module = loaded();
    if (!module) return load();
    // A thenable that answers at once: React's lazy reads the module without suspending.
    const answered: PromiseLike<Module<P>> = {
      then: (resolve) => {
        resolve?.(module);
        return answered as never;
      },
    };
    return answered as Promise<Module<P>>;
  });
}
