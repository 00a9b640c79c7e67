// One import at a time per instance (ADR 028): reading a file takes a worker thread and up to a few
// hundred MB, and imports are rare; a second one meanwhile is told to try again (429) rather than
// queued, so no request holds a connection waiting.

export type ImportSlot = {
  /** Runs `work` when no import runs, else answers null without running it. */
  tryRun<T>(work: () => Promise<T>): Promise<T> | null;
};

export function createImportSlot(): ImportSlot {
  let busy = false;
  return {
    tryRun(work) {
      if (busy) return null;
      busy = true;
      return work().finally(() => {
        busy = false;
      });
    },
  };
}
