// @vitest-environment node
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressFiles } from '../../vite-plugins/precompress-plugin';

describe('precompressFiles', () => {
  let dir: string;
  const script = `console.log(${JSON.stringify('måleraflæsning '.repeat(200))});`;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'maaler-precompress-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'assets', 'index-abc.js'), script);
    await writeFile(join(dir, 'index.html'), `<html>${'<p>x</p>'.repeat(300)}</html>`);
    await writeFile(join(dir, 'version.json'), '{"hash":"abc","version":"1"}');
    await writeFile(join(dir, 'assets', 'image.png'), Buffer.alloc(4096));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies that decompress to the original, also in sub-folders', async () => {
    await precompressFiles(dir);
    const file = join(dir, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(script);
    expect((await readFile(`${file}.br`)).length).toBeLessThan(script.length);
  });

  it('compresses the text files of at least 1 kB only', async () => {
    expect(await precompressFiles(dir)).toEqual([
      join(dir, 'assets', 'index-abc.js'),
      join(dir, 'index.html'),
    ]);
    await expect(readFile(join(dir, 'version.json.br'))).rejects.toThrow();
    await expect(readFile(join(dir, 'assets', 'image.png.gz'))).rejects.toThrow();
  });
});
