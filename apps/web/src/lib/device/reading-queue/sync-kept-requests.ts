// The sync's code in one chunk, loaded after the home screen has rendered: the kept SENDs, then the
// kept route skips.
export { syncReadingQueue } from './sync-reading-queue';
export { syncSkipQueue } from './sync-skip-queue';
