// Loaded into the API server with NODE_OPTIONS=--import (Node 20 refuses --cpu-prof there): starts
// V8's sampling CPU profiler, the one behind `node --cpu-prof`, and writes the same .cpuprofile file
// to CPU_PROFILE_DIR when the process exits.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  process.on('exit', () => {
    // A session on the process's own thread answers synchronously, so this runs before the exit.
    session.post('Profiler.stop', (error, result) => {
      if (!error)
        writeFileSync(join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
