// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashBuildOutput, withBuildHash } from '../../vite-plugins/version-file-plugin';

describe('hashBuildOutput', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'maaler-hash-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<html><head></head></html>');
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

  it('is the same once index.html carries it, so the page and version.json name one hash', async () => {
    const hash = await hashBuildOutput(dir);
    const html = withBuildHash('<html><head></head></html>', hash);
    expect(html).toBe(`<html><head><meta name="build-hash" content="${hash}"></head></html>`);
    await writeFile(join(dir, 'index.html'), html);
    expect(await hashBuildOutput(dir)).toBe(hash);
    await writeFile(
      join(dir, 'index.html'),
      withBuildHash('<html><head><title>Ny</title></head></html>', hash),
    );
    expect(await hashBuildOutput(dir)).not.toBe(hash);
  });

  it('ignores the version file itself and the generated service worker', async () => {
    const first = await hashBuildOutput(dir);
    await writeFile(join(dir, 'version.json'), '{"hash":"x"}');
    await writeFile(join(dir, 'sw.js'), 'self.x=1');
    await writeFile(join(dir, 'workbox-1a2b3c.js'), 'self.y=1');
    expect(await hashBuildOutput(dir)).toBe(first);
  });
});
