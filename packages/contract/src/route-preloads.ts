import { z } from 'zod/mini';

/** Written next to the built app; the server reads it to name each page's route chunks as preloads. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** Per page path: the files of its lazy route chunks that index.html does not already load. */
export const RoutePreloads = z.record(
  z.string(),
  z.object({ scripts: z.array(z.string()), styles: z.array(z.string()) }),
);
export type RoutePreloads = z.infer<typeof RoutePreloads>;
