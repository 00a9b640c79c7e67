// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { focusesFirstValueAfterPick, leftForDialog } from '@/features/reading-report/value-focus-rules';

afterEach(() => {
  document.body.replaceChildren();
});

function element(html: string, selector: string): Element {
  document.body.innerHTML = html;
  const found = document.querySelector(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
}

describe('leaving a value for a dialog', () => {
  it('does not count when the focus went into a dialog, by key or by pointer', () => {
    const inDialog = element('<div class="modal"><input id="note"></div>', '#note');
    expect(leftForDialog(inDialog, false)).toBe(true);
    expect(leftForDialog(inDialog, true)).toBe(true);
  });

  it('does not count when a tap went to a button that opens a dialog, but a tab to it does', () => {
    const opener = element(
      '<button aria-haspopup="dialog"><span id="label">Spring over</span></button>',
      '#label',
    );
    expect(leftForDialog(opener, true)).toBe(true);
    expect(leftForDialog(opener, false)).toBe(false);
  });

  it('counts when the focus went elsewhere or left the page', () => {
    expect(leftForDialog(element('<button id="send">SEND</button>', '#send'), true)).toBe(false);
    expect(leftForDialog(null, true)).toBe(false);
  });
});

describe('a meter picked by hand', () => {
  it('takes the focus to its first value when picked by pointer only, and not when cleared', () => {
    expect(focusesFirstValueAfterPick('42', false)).toBe(true);
    expect(focusesFirstValueAfterPick('42', true)).toBe(false);
    expect(focusesFirstValueAfterPick('', false)).toBe(false);
  });
});
