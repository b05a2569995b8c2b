/**
 * Enumeration benchmark: does an answer's time tell whether an address has an account? Prints, for login with a
 * wrong password and for forgot-password, the median time for unknown addresses over the median for registered
 * ones, measured alternately in the same run (goal: between 0.8 and 1.25). Tests prove the same defences by
 * counting work (one argon2 check either way; the mail work after the answer); this measures what a remote
 * attacker would see. The server runs in a child process (this file with `--serve`): in one process the
 * client's own reading of the answer would wait behind the server's after-the-answer work, which a remote
 * client never does. Bounded: well under a minute. Run with `pnpm bench enumeration`.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { accounts } from '@backline/server';
import {
  createTestUser,
  HttpSession,
  loginOverHttp,
  median,
  startTestServer,
  testDatabases,
} from '@internal/testing';

const RUNS = 25;
const PASSWORD = 'enumeration-bench-1';

if (process.argv.includes('--serve')) {
  // Behind a "proxy", so each request can come from an address of its own and no rate limit answers early.
  const server = await startTestServer(testDatabases()[0], { modules: [accounts()], proxy: true });
  // A registered user per run, so no account collects failures enough to be slowed down.
  for (let run = -1; run < RUNS; run++)
    await createTestUser(server.app, { email: `member${run}@example.com`, password: PASSWORD });
  console.log(`READY ${server.url}`);
  process.once('SIGTERM', () => server.close().then(() => process.exit(0)));
} else await bench();

async function bench(): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--conditions=@backline/source', '--import', 'tsx', import.meta.filename, '--serve'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let url = '';
  for await (const line of createInterface({ input: child.stdout! })) {
    if (line.startsWith('READY ')) {
      url = line.slice(6);
      break;
    }
  }
  let address = 1;
  const visitor = () => {
    const ip = `198.51.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
    const http = new HttpSession(url);
    const request = http.request.bind(http);
    http.request = (method, path, options = {}) =>
      request(method, path, { ...options, headers: { 'X-Forwarded-For': ip, ...options.headers } });
    return http;
  };

  try {
    const timed = async (work: () => Promise<unknown>) => {
      const start = performance.now();
      await work();
      const took = performance.now() - start;
      // Let the server's after-the-answer work (a registered address's lookup and mail) finish, so it is
      // not timed into the next request instead.
      await new Promise((settled) => setTimeout(settled, 100));
      return took;
    };
    const compare = async (label: string, act: (http: HttpSession, email: string) => Promise<unknown>) => {
      const known: number[] = [];
      const unknown: number[] = [];
      for (let run = -1; run < RUNS; run++) {
        // Each visitor fetches its XSRF cookie before the clock starts; runs alternate so drift lands on both.
        const [a, b] = [visitor(), visitor()];
        await a.get('/api/v1/health');
        await b.get('/api/v1/health');
        const k = await timed(() => act(a, `member${run}@example.com`));
        const u = await timed(() => act(b, `nobody${run}@example.com`));
        if (run < 0) continue; // warm-up
        known.push(k);
        unknown.push(u);
      }
      const ratio = median(unknown) / median(known);
      console.log(
        `${label.padEnd(34)} registered ${median(known).toFixed(1).padStart(6)} ms   unknown ${median(unknown)
          .toFixed(1)
          .padStart(6)} ms   ratio ${ratio.toFixed(2)} (goal 0.8–1.25)`,
      );
    };

    await compare('login, wrong password', (http, email) => loginOverHttp(http, email, 'wrong-password'));
    await compare('forgot-password', (http, email) => http.post('/auth/forgot-password', { email }));
  } finally {
    child.kill('SIGTERM');
  }
}
