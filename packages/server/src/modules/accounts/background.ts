import type { Logger } from '../../kit';

/**
 * Work a request starts but does not wait for: looking an address up and mailing it, for example. Doing it
 * after the answer is what makes "is this address registered?" invisible in the response time. Pending
 * work is awaited when the app closes, so nothing is cut off mid-write.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  /** Runs `task` after the current response is on its way; failures go to `log`. */
  run(log: Logger, name: string, task: () => Promise<void>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => log.error(`${name} failed`, error))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  /** Resolves when everything started so far has finished. */
  async drain(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
