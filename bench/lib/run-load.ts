import { fileURLToPath } from 'node:url';
import type { LoadResult, LoadSpec } from './load-spec.ts';
import { runScriptForJson } from './node-script.ts';

const GENERATOR = fileURLToPath(new URL('./load-generator.ts', import.meta.url));

/** One autocannon run in a separate process. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return runScriptForJson<LoadResult>(GENERATOR, [JSON.stringify(spec)]);
}

/** A short run first, so that the server's JIT and caches are warm when the measured run starts. */
export async function warmThenRunLoad(spec: LoadSpec, warmSeconds: number): Promise<LoadResult> {
  if (spec.readings) throw new Error('reading loads need fresh keys for each run: warm them up one by one');
  if (warmSeconds > 0) await runLoad({ ...spec, durationSeconds: warmSeconds });
  return runLoad(spec);
}
