/** Fixed, so CI runs the same cases every time; FC_SEED=<n> replays or explores another seed. */
const DEFAULT_SEED = 20_261_122;

export function propertySeed(): number {
  const configured = process.env.FC_SEED;
  if (configured === undefined || configured === '') return DEFAULT_SEED;
  const seed = Number(configured);
  if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, not ${configured}`);
  return seed;
}

/** fast-check options for a bounded run, printing the seed so a failure can be replayed. */
export function propertyOptions(name: string, numRuns: number) {
  const seed = propertySeed();
  console.log(`${name}: fast-check seed ${seed}, ${numRuns} runs (replay with FC_SEED=${seed})`);
  return { seed, numRuns, endOnFailure: true } as const;
}
