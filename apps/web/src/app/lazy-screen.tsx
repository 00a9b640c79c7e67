import { type ComponentType, type ReactNode, use } from 'react';

type ScreenComponent = ComponentType<{ children?: ReactNode }>;

/** A screen in its own chunk: `preload` starts loading it and resolves when it is there. */
export type LazyScreen = { preload: () => Promise<ScreenComponent> };

export function lazyScreen(load: () => Promise<{ Component: ScreenComponent }>): LazyScreen {
  let loading: Promise<ScreenComponent> | undefined;
  return {
    preload() {
      if (!loading) {
        const promise = load().then((module) => module.Component);
        promise.then(
          // The fields React's `use` reads to take a settled promise's value without suspending.
          (value) => Object.assign(promise, { status: 'fulfilled', value }),
          // A failed load is tried again on the next visit (e.g. after a new build replaced the chunk).
          () => {
            loading = undefined;
          },
        );
        loading = promise;
      }
      return loading;
    },
  };
}

/**
 * Renders a lazy screen. Unlike React.lazy, a screen preloaded before navigation renders at once, so
 * the old screen stays until the new one can replace it: no loading flash, and the new heading is
 * there for the focus move.
 */
export function LoadedScreen({ screen, children }: { screen: LazyScreen; children?: ReactNode }) {
  const Component = use(screen.preload());
  return <Component>{children}</Component>;
}
