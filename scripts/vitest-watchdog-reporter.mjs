// A vitest reporter for CI logs: every minute it names the test files that have been running for long, with the
// test or hook each one is in now. A file that hangs (a test stuck where no timeout reaches it, such as a worker
// blocked by synchronous work) then shows up by name in the log's tail, instead of a run that just stops
// printing until CI kills it. It prints nothing while files finish in time.
import path from 'node:path';

/** A file still running after this long is named in the log. */
const SLOW_FILE_MS = 4 * 60_000;
const EVERY_MS = 60_000;

export default class WatchdogReporter {
  /** @type {Map<string, { start: number, now: string }>} */
  running = new Map();
  root = process.cwd();

  onInit(vitest) {
    this.root = vitest.config.root;
    this.timer = setInterval(() => this.report(), EVERY_MS);
    this.timer.unref();
  }

  onTestModuleStart(testModule) {
    this.running.set(testModule.moduleId, { start: Date.now(), now: 'loading the file' });
  }

  onHookStart(hook) {
    const entity = hook.entity;
    const module = entity.type === 'module' ? entity : entity.module;
    const state = this.running.get(module.moduleId);
    const where = entity.type === 'module' ? '' : ` of "${entity.fullName}"`;
    if (state) state.now = `${hook.name} hook${where}`;
  }

  onTestCaseReady(testCase) {
    const state = this.running.get(testCase.module.moduleId);
    if (state) state.now = `test "${testCase.fullName}"`;
  }

  onTestModuleEnd(testModule) {
    this.running.delete(testModule.moduleId);
  }

  onTestRunEnd() {
    clearInterval(this.timer);
  }

  report() {
    const now = Date.now();
    for (const [file, state] of this.running) {
      const ran = now - state.start;
      if (ran < SLOW_FILE_MS) continue;
      const minutes = (ran / 60_000).toFixed(0);
      console.log(
        `[watchdog] ${path.relative(this.root, file)} has run ${minutes} min; now in its ${state.now}`,
      );
    }
  }
}
