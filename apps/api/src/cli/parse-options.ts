import { type ParseArgsConfig, parseArgs } from 'node:util';
import { z } from 'zod';
import { CliError } from './cli-error.ts';

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs in strict mode, with its errors turned into operator-facing CliErrors. */
export function parseOptions<const T extends OptionsConfig>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
}

export function requireOption(value: string | undefined, name: string): string {
  if (value === undefined || value.trim() === '') throw new CliError(`--${name} is required`);
  return value;
}

/** Validates an option with the same schema the API uses, so the CLI cannot store what the API would refuse. */
export function validOption<S extends z.core.$ZodType>(schema: S, value: unknown, name: string): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw new CliError(`--${name}: ${result.error.issues[0]?.message ?? 'invalid value'}`);
  return result.data;
}
