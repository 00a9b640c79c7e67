import { describe, expect, it } from 'vitest';
import { openedOnce } from '@/lib/device/opened-once';

describe('openedOnce', () => {
  it('opens once and shares that opening with every later call', async () => {
    let opens = 0;
    const open = openedOnce(async () => ({ connection: ++opens }));
    const [first, second] = await Promise.all([open(), open()]);
    expect(first).toBe(second);
    expect(await open()).toBe(first);
    expect(opens).toBe(1);
  });

  it('forgets a failed opening, so the next call tries again', async () => {
    let opens = 0;
    const open = openedOnce(async () => {
      opens += 1;
      if (opens === 1) throw new DOMException('The user denied permission', 'InvalidStateError');
      return { connection: opens };
    });
    await expect(open()).rejects.toThrow('denied');
    expect(await open()).toEqual({ connection: 2 });
    expect(await open()).toEqual({ connection: 2 });
  });
});
