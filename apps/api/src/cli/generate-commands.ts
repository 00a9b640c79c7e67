import { isoDateInCopenhagen } from '@maaler/contract';
import { DatabaseNotEmptyError, generateTenant } from '../tenant-generator/generate-tenant.ts';
import {
  DEFAULT_PASSWORD,
  LARGE_TENANT,
  shapeProblem,
  type TenantShape,
} from '../tenant-generator/tenant-shape.ts';
import type { Command } from './cli-context.ts';
import { CliError } from './cli-error.ts';
import { parseOptions } from './parse-options.ts';

const number = (value: string | undefined, fallback: number) =>
  value === undefined ? fallback : Number(value);

/**
 * `generate-tenant`: a large deterministic tenant in an empty database, for measuring cost as data
 * grows (issue 20). Prints one JSON line per step as it goes and one with the counts at the end.
 */
export const generateTenantCommand: Command = async (args, { db, print, now }) => {
  const options = parseOptions(args, {
    seed: { type: 'string' },
    accounts: { type: 'string' },
    locations: { type: 'string' },
    meters: { type: 'string' },
    points: { type: 'string' },
    readings: { type: 'string' },
    years: { type: 'string' },
    until: { type: 'string' },
    password: { type: 'string' },
  });
  const today = isoDateInCopenhagen(now());
  const meters = number(options.meters, LARGE_TENANT.meters);
  const shape: TenantShape = {
    seed: number(options.seed, 1),
    accounts: number(options.accounts, LARGE_TENANT.accounts),
    locations: number(options.locations, Math.ceil(meters / 10)),
    meters,
    points: number(options.points, LARGE_TENANT.points),
    readings: number(options.readings, LARGE_TENANT.readings),
    years: number(options.years, LARGE_TENANT.years),
    until: options.until ?? today,
    password: options.password ?? DEFAULT_PASSWORD,
  };
  const problem = shapeProblem(shape, today);
  if (problem) throw new CliError(problem);
  const { password: _password, ...described } = shape;
  print(JSON.stringify({ event: 'generate-tenant', step: 'start', ...described }));
  try {
    const summary = await generateTenant(db, shape, (progress) =>
      print(JSON.stringify({ event: 'generate-tenant', ...progress })),
    );
    print(JSON.stringify({ event: 'generate-tenant', step: 'done', ...summary }));
  } catch (error) {
    if (error instanceof DatabaseNotEmptyError) throw new CliError(error.message);
    throw error;
  }
};
