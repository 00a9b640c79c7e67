// @vitest-environment jsdom
import { createElement, Suspense } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadedScreen, lazyScreen } from '@/app/lazy-screen';

const Screen = () => createElement('p', null, 'skærmen');
let root: Root | undefined;

/** Renders synchronously, as a navigation's update does, and returns what is on screen right after. */
function renderNow(screen: ReturnType<typeof lazyScreen>): HTMLElement {
  const container = document.createElement('div');
  root = createRoot(container);
  flushSync(() =>
    root?.render(createElement(Suspense, { fallback: 'henter' }, createElement(LoadedScreen, { screen }))),
  );
  return container;
}

afterEach(() => root?.unmount());

describe('lazyScreen', () => {
  it('renders a preloaded screen in the same update, without the loading fallback', async () => {
    const screen = lazyScreen(async () => ({ Component: Screen }));
    await screen.preload();
    expect(renderNow(screen).textContent).toBe('skærmen');
  });

  it('shows the fallback while a screen that was not preloaded loads, then the screen', async () => {
    const screen = lazyScreen(async () => ({ Component: Screen }));
    const container = renderNow(screen);
    expect(container.textContent).toBe('henter');
    await vi.waitFor(() => expect(container.textContent).toBe('skærmen'));
  });

  it('loads the chunk once, and again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<{ Component: typeof Screen }>>()
      .mockRejectedValueOnce(new Error('chunk gone'))
      .mockResolvedValue({ Component: Screen });
    const screen = lazyScreen(load);
    await expect(screen.preload()).rejects.toThrow('chunk gone');
    await expect(screen.preload()).resolves.toBe(Screen);
    await screen.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
