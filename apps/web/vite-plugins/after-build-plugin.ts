import { resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/** A build-only Vite plugin that runs `task` on the output folder once every other file is written. */
export function afterBuildPlugin(name: string, task: (outDir: string) => Promise<unknown>): Plugin {
  let config: ResolvedConfig;
  return {
    name,
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await task(resolve(config.root, config.build.outDir));
      },
    },
  };
}
