import { expect, type Page, test } from '@playwright/test';
import { demoUsers, expectHome, fillLogin } from './support/auth';
import { homeFields } from './support/reading-report';
import { openSignedIn } from './support/stored-session';

/**
 * How often the home form renders when the screen opens (issue 20 §3). On a slow phone each render
 * of the form is a long task, so it renders once, with the gateway tree and the restored draft
 * already there, and not again as they settle. The count comes from React itself: after every commit
 * React calls the DevTools hook (which the production build supports), and the hook below finds the
 * component that renders the form's <form> in the committed tree. A count, not a timing.
 */
function countFormRenders(): void {
  const counter = { renders: 0 };
  (window as unknown as { formRenders: typeof counter }).formRenders = counter;
  type Fiber = {
    type: unknown;
    flags: number;
    memoizedProps: { className?: unknown } | null;
    child: Fiber | null;
    sibling: Fiber | null;
  };
  // The nearest component above the <form>, found by walking down the committed tree (a fiber's
  // `return` may point at the copy React is not showing).
  const formComponent = (fiber: Fiber | null, component: Fiber | null): Fiber | null => {
    for (let node = fiber; node; node = node.sibling) {
      if (node.type === 'form' && node.memoizedProps?.className === 'reading-form') return component;
      const found = formComponent(node.child, typeof node.type === 'function' ? node : component);
      if (found) return found;
    }
    return null;
  };
  let previous: Fiber | null = null;
  const renderers = new Map<number, unknown>();
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers,
    inject(renderer: unknown) {
      renderers.set(renderers.size + 1, renderer);
      return renderers.size;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_renderer: number, root: { current: Fiber }) {
      const form = formComponent(root.current.child, null);
      // React keeps two copies of a component and commits the other one each time it renders the
      // component or skips it; a copy that rendered carries the PerformedWork flag (1).
      if (form && form !== previous && (form.flags & 1) === 1) counter.renders += 1;
      previous = form;
    },
  };
}

const formRenders = (page: Page) =>
  page.evaluate(() => (window as unknown as { formRenders: { renders: number } }).formRenders.renders);

/** Waits until the screen has loaded what it loads when it opens (the tree, the device's queue). */
async function settled(page: Page): Promise<void> {
  await expect(homeFields(page).location).toBeEnabled();
  await page.waitForLoadState('networkidle');
}

test.describe('the home form renders once when it opens', () => {
  test('after sign-in', async ({ page }) => {
    await page.addInitScript(countFormRenders);
    await page.goto('/login');
    await fillLogin(page, demoUsers.technician);
    await expectHome(page);
    await settled(page);
    expect(await formRenders(page)).toBe(1);
  });

  // A location without a meter: a chosen meter's history would arrive later and render the form
  // again, as it should (its last readings decide the errors).
  test('after a reload, with the draft of a location chosen before', async ({ page }) => {
    await openSignedIn(page, demoUsers.technician);
    const fields = homeFields(page);
    await fields.location.selectOption({ label: 'Nørrevang 4, kælder' });

    await page.addInitScript(countFormRenders);
    await page.reload();
    await settled(page);
    await expect(fields.location.locator('option:checked')).toHaveText('Nørrevang 4, kælder');
    expect(await formRenders(page)).toBe(1);
  });
});
