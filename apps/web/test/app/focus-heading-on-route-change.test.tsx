// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useFocusHeadingOnRouteChange } from '@/app/use-focus-heading-on-route-change';

/** Administration's shape: the screen's h1, a button, and the section's heading once its data is there. */
function Screen({ sectionReady }: { sectionReady: boolean }) {
  useFocusHeadingOnRouteChange();
  return (
    <>
      <h1 data-page-heading="" tabIndex={-1}>
        Administration
      </h1>
      <button type="button">Vælg konto</button>
      {sectionReady && (
        <h2 data-section-heading="" tabIndex={-1}>
          Målere
        </h2>
      )}
    </>
  );
}

function renderAt(path: string, sectionReady: boolean) {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook}>
      <Screen sectionReady={sectionReady} />
    </Router>,
  );
  const rerender = (ready: boolean) =>
    view.rerender(
      <Router hook={location.hook}>
        <Screen sectionReady={ready} />
      </Router>,
    );
  return { navigate: (to: string) => act(() => location.navigate(to)), rerender };
}

describe('the focus after a change of section', () => {
  it("goes to the new section's heading when it is there at once", async () => {
    const { navigate } = renderAt('/administration/status', true);
    await navigate('/administration/maalere');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveFocus());
  });

  it('waits on the h1 for a section whose heading comes later, then moves to that heading', async () => {
    const { navigate, rerender } = renderAt('/administration/status', false);
    await navigate('/administration/maalere');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    rerender(true);
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveFocus());
  });

  it('leaves the focus where the user put it meanwhile', async () => {
    const { navigate, rerender } = renderAt('/administration/status', false);
    await navigate('/administration/maalere');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    const button = screen.getByRole('button', { name: 'Vælg konto' });
    act(() => button.focus());
    rerender(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(button).toHaveFocus();
  });
});
