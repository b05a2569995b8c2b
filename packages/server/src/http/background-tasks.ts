import type { Context } from 'koa';
import type { Logger } from '../kit';

/**
 * Work a request starts but does not wait for: looking an address up and mailing it, for example. Doing it
 * after the answer is what makes "is this address registered?" invisible in the response time. Pending
 * work is awaited when the app closes, so nothing is cut off mid-write.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  /**
   * Runs `task` once `ctx`'s response has been sent (or the client went away); failures go to `log`. Not
   * merely on the next tick: the middleware after a handler (the session's write, for one) still queries the
   * database, and on PGlite, which runs one query at a time, a task's queries queued ahead of those would
   * delay the answer for registered addresses only, which is exactly the difference this hides.
   */
  run(ctx: Context, log: Logger, name: string, task: () => Promise<void>): void {
    const sent = new Promise<void>((resolve) => {
      if (ctx.res.writableFinished || ctx.res.destroyed) return resolve();
      ctx.res.once('finish', resolve);
      ctx.res.once('close', resolve);
    });
    const done: Promise<void> = sent
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
