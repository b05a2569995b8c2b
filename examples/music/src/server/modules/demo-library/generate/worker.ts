import { type Job, runJob } from './jobs';

/**
 * Child process entry: runs the jobs it is sent over IPC, one at a time, and answers with the sizes written.
 * Processes rather than worker threads: Node 20 cannot register tsx's loader inside a worker thread, and a
 * forked process takes `--import tsx` like the server itself.
 */
process.on('message', async (message: { id: number; job: Job; outDir: string }) => {
  try {
    const sizes = await runJob(message.job, message.outDir);
    process.send?.({ id: message.id, sizes });
  } catch (error) {
    process.send?.({
      id: message.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
process.on('disconnect', () => process.exit(0));
