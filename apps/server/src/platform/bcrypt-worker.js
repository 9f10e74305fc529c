// The bcrypt verify of platform/passwords.ts, on a worker thread (issue 28 point 3). bcryptjs is plain JavaScript:
// its sync call holds the thread for the whole hash (about 250 ms at cost 12) and its async one only slices the same
// work between other callbacks, still on the main thread, so every request of every tenant waited behind it. No
// native bcrypt is installed; a worker thread runs bcryptjs beside the event loop instead. Plain JavaScript, because
// a worker starts without the TypeScript loader of tests (vitest) and of tsx alike.
import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

parentPort.on('message', ({ password, hash }) => {
  let ok = false;
  try {
    ok = bcrypt.compareSync(password, hash);
  } catch {
    ok = false;
  }
  parentPort.postMessage(ok);
});
