import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which isolated modules cannot read; 2 is its Argon2id.
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id baseline (m=19 MiB, t=2, p=1). The parameters travel in the PHC string. */
export const PASSWORD_HASH_PARAMS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Set to 1 by the test runners only (apps/api/vitest.config.ts, the browser tests' server and CLI):
 * the suites sign in thousands of times, and at the baseline every sign-in and seed costs 20-50 ms of
 * a core. Never set in production; the server warns at start when it is.
 */
export const LOW_HASH_COST_VARIABLE = 'TEST_ONLY_LOW_PASSWORD_HASH_COST';

/** argon2id at its least cost, for test runs only. */
const TEST_ONLY_HASH_PARAMS = { algorithm: ARGON2ID, memoryCost: 64, timeCost: 1, parallelism: 1 } as const;

/** The parameters new hashes get: the baseline, unless a test run asked for the least cost. */
export function passwordHashParams(env: NodeJS.ProcessEnv = process.env) {
  return env[LOW_HASH_COST_VARIABLE] === '1' ? TEST_ONLY_HASH_PARAMS : PASSWORD_HASH_PARAMS;
}

/** Runs on libuv's thread pool, so hashing never blocks the event loop. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashParams());
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker parameters than today's, so login can rehash it. */
export function needsRehash(passwordHash: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return true;
  const [, m, t, p] = match.map(Number);
  const params = passwordHashParams();
  return (m ?? 0) < params.memoryCost || (t ?? 0) < params.timeCost || (p ?? 0) !== params.parallelism;
}
