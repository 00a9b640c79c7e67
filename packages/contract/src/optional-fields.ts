import { z } from 'zod/mini';

/**
 * The named fields of `shape`, each optional, to extend a schema with. zod's `partial` does the same,
 * but it would add its own code to /home's first load (ADR 023); `z.optional` is there already.
 */
export function optionalFields<Shape extends z.core.$ZodShape, const Key extends keyof Shape & string>(
  shape: Shape,
  keys: readonly Key[],
): { [K in Key]: z.ZodMiniOptional<Shape[K]> } {
  return Object.fromEntries(keys.map((key) => [key, z.optional(shape[key] as Shape[Key])])) as {
    [K in Key]: z.ZodMiniOptional<Shape[K]>;
  };
}
