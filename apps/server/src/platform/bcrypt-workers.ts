import { Worker } from 'node:worker_threads';

/**
 * bcrypt verifies on worker threads (bcrypt-worker.js says why). Hand-written rather than a pool library: none is
 * installed for production, and this needs only a few lines: workers start on first use, at most as many as
 * callers run at once (passwords.ts lets HASHES_AT_ONCE in), each does one verify at a time, and an idle worker
 * does not keep the process alive.
 */
export class BcryptWorkers {
  readonly #idle: Worker[] = [];
  #started = 0;

  /** Workers started so far (for tests). */
  get started(): number {
    return this.#started;
  }

  compare(password: string, hash: string): Promise<boolean> {
    const worker = this.#idle.pop() ?? this.#start();
    worker.ref();
    return new Promise<boolean>((resolve, reject) => {
      const settle = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (ok: unknown) => {
        settle();
        worker.unref();
        this.#idle.push(worker);
        resolve(ok === true);
      };
      const onError = (err: Error) => {
        settle();
        void worker.terminate();
        reject(err);
      };
      const onExit = (code: number) => {
        settle();
        reject(new Error(`bcrypt worker exited with code ${code}`));
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ password, hash });
    });
  }

  #start(): Worker {
    this.#started++;
    const worker = new Worker(new URL('./bcrypt-worker.js', import.meta.url));
    worker.unref();
    return worker;
  }
}
