import { readFileSync } from 'node:fs';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

export type ProfileShare = { name: string; percent: number };
export type ProfileSummary = { byFunction: ProfileShare[]; byPlace: ProfileShare[]; sampledMs: number };

/** Where a function lives: a package, a file of ours, or the engine itself. */
function placeOf(url: string): string {
  if (url === '') return '(engine, GC, idle)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg?.[1]) return pkg[1];
  if (url.startsWith('node:')) return `node core (${url.slice(5).split('/')[0]})`;
  const own = /\/(apps|packages)\/(.*)$/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
}

/** Self time of a `node --cpu-prof` profile, by function and by package or source file, idle excluded. */
export function summarizeCpuProfile(file: string, top = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let total = 0;
  for (const [id, micros] of selfMicros) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
    total += micros;
    const place = placeOf(frame.url);
    const name = `${frame.functionName || '(anonymous)'} ${place}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
  }
  const shares = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, percent: Math.round((micros / total) * 1000) / 10 }));
  return { byFunction: shares(byFunction), byPlace: shares(byPlace), sampledMs: Math.round(total / 1000) };
}
