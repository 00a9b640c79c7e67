// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashBuildOutput } from '../../build/version-file-plugin';

describe('hashBuildOutput', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'maaler-hash-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<html></html>');
    await writeFile(join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is stable for the same files', async () => {
    expect(await hashBuildOutput(dir)).toBe(await hashBuildOutput(dir));
  });

  it('changes when any built file changes, is added or is renamed', async () => {
    const first = await hashBuildOutput(dir);
    await writeFile(join(dir, 'assets', 'index-abc.js'), 'console.log(2)');
    const changed = await hashBuildOutput(dir);
    expect(changed).not.toBe(first);
    await writeFile(join(dir, 'assets', 'extra.css'), 'a{}');
    const added = await hashBuildOutput(dir);
    expect(added).not.toBe(changed);
    await rm(join(dir, 'assets', 'extra.css'));
    await writeFile(join(dir, 'assets', 'renamed.css'), 'a{}');
    expect(await hashBuildOutput(dir)).not.toBe(added);
  });

  it('ignores the version file itself and the generated service worker', async () => {
    const first = await hashBuildOutput(dir);
    await writeFile(join(dir, 'version.json'), '{"hash":"x"}');
    await writeFile(join(dir, 'sw.js'), 'self.x=1');
    await writeFile(join(dir, 'workbox-1a2b3c.js'), 'self.y=1');
    expect(await hashBuildOutput(dir)).toBe(first);
  });
});
