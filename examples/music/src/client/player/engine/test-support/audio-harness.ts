import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  API_PREFIX,
  BOOTSTRAP_GLOBAL,
  METHOD_OVERRIDE_HEADER,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@backline/core/contract';
import { launchBrowser } from '@internal/testing/browser';
import react from '@vitejs/plugin-react';
import type { Browser, Page } from 'playwright-core';
import { build, defaultClientConditions, type Rollup } from 'vite';

/** The anti-forgery token the harness's page is given; a play report must echo it. */
export const TEST_XSRF = 'harness-anti-forgery';

/** The sample rate of the test tones and of the page's AudioContext, so nothing is resampled. */
export const SAMPLE_RATE = 48_000;

/** A mono 32-bit float WAV: exact samples, so the test can compare what comes out with what went in. */
export function floatWav(samples: Float32Array, sampleRate = SAMPLE_RATE): Buffer {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(3, 20); // IEEE float
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(32, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** `count` samples of a sine at `frequency`, amplitude `amplitude`, starting at sample `from` of the tone. */
export function tone(
  frequency: number,
  count: number,
  { from = 0, amplitude = 0.5, phase = 0.3 } = {},
): Float32Array {
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    out[i] = amplitude * Math.sin((2 * Math.PI * frequency * (from + i)) / SAMPLE_RATE + phase);
  }
  return out;
}

// Runs inside the page's audio thread: records what reaches it and sends it to the page in chunks.
const RECORDER = `
class Recorder extends AudioWorkletProcessor {
  constructor() {
    super();
    this.chunks = [];
    this.size = 0;
    this.port.onmessage = (event) => {
      if (event.data === 'flush') { this.flush(); this.port.postMessage('flushed'); }
    };
  }
  flush() {
    if (!this.size) return;
    const out = new Float32Array(this.size);
    let at = 0;
    for (const chunk of this.chunks) { out.set(chunk, at); at += chunk.length; }
    this.port.postMessage(out, [out.buffer]);
    this.chunks = [];
    this.size = 0;
  }
  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    const copy = channel ? new Float32Array(channel) : new Float32Array(128);
    this.chunks.push(copy);
    this.size += copy.length;
    if (this.size >= 16384) this.flush();
    return true;
  }
}
registerProcessor('recorder', Recorder);
`;

async function bundleEngine(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    build: {
      write: false,
      minify: false,
      emptyOutDir: false,
      lib: {
        entry: fileURLToPath(new URL('../index.ts', import.meta.url)),
        formats: ['iife'],
        name: 'PlayerEngine',
        fileName: () => 'engine.js',
      },
    },
  });
  const output = (Array.isArray(result) ? result[0] : result) as Rollup.RollupOutput;
  return output.output[0].code;
}

/** Builds the test app (player-app.tsx, the real PlayerProvider and PlayerBar) into memory: path → file. */
async function bundleApp(): Promise<{
  files: Map<string, { type: string; body: string | Uint8Array }>;
  html: string;
}> {
  const root = fileURLToPath(new URL('../../../../..', import.meta.url));
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const result = await build({
      configFile: false,
      root,
      logLevel: 'silent',
      mode: 'production',
      plugins: [react()],
      resolve: { conditions: ['@backline/source', ...defaultClientConditions] },
      build: {
        write: false,
        minify: false,
        emptyOutDir: false,
        rollupOptions: { input: fileURLToPath(new URL('./player-app.tsx', import.meta.url)) },
      },
    });
    const output = (Array.isArray(result) ? result[0] : result) as Rollup.RollupOutput;
    const files = new Map<string, { type: string; body: string | Uint8Array }>();
    let entry = '';
    const styles: string[] = [];
    for (const item of output.output) {
      const path = `/${item.fileName}`;
      if (item.type === 'chunk') {
        files.set(path, { type: 'text/javascript', body: item.code });
        if (item.isEntry) entry = path;
      } else {
        const type = item.fileName.endsWith('.css') ? 'text/css' : 'application/octet-stream';
        files.set(path, { type, body: item.source });
        if (type === 'text/css') styles.push(path);
      }
    }
    const links = styles.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
    return { files, html: `${links}<script type="module" src="${entry}"></script>` };
  } finally {
    process.env.NODE_ENV = previous;
  }
}

/** What the test server saw of the player's calls to the API. */
export interface ApiLog {
  plays: { trackId: number; xsrf: string | undefined }[];
  playerState: unknown[];
}

export interface AudioHarness {
  url: string;
  page: Page;
  browser: Browser;
  /** Files the server answers, by path; tests add theirs. */
  files: Map<string, Buffer>;
  /** Paths whose first requests lose their connection (the network drops); later ones are answered. */
  dropFirst: Set<string>;
  /**
   * Paths cut off mid-file: every response for one dies when it reaches this byte of the file (a request starting
   * past it dies at once), until the test deletes the entry and the network is back.
   */
  outages: Map<string, number>;
  /** How many requests each file path has had. */
  requests: Map<string, number>;
  /** Waveform peaks by track id, as `GET tracks/{id}/waveform` answers them (none: an empty list). */
  waveforms: Map<number, number[]>;
  api: ApiLog;
  /** The test app's page, for a signed-in user; `tracks` is what its "Play album" button plays. */
  appUrl: string;
  setAppTracks(tracks: unknown[]): void;
  close(): Promise<void>;
}

/**
 * A tiny node:http server with the engine bundle, an AudioWorklet recorder and the test's audio files, and a
 * Chromium page on it started with the autoplay policy that lets audio play without a gesture.
 */
export async function startAudioHarness(options: { app?: boolean } = {}): Promise<AudioHarness> {
  const engine = await bundleEngine();
  const app = options.app ? await bundleApp() : null;
  const files = new Map<string, Buffer>();
  const dropFirst = new Set<string>();
  const dropped = new Map<string, number>();
  const outages = new Map<string, number>();
  const requests = new Map<string, number>();
  const api: ApiLog = { plays: [], playerState: [] };
  const waveforms = new Map<number, number[]>();
  let appTracks: unknown[] = [];
  let storedState: unknown = null;
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const method = String(request.headers[METHOD_OVERRIDE_HEADER.toLowerCase()] ?? request.method);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const plays = new RegExp(`^/${API_PREFIX}tracks/(\\d+)/plays$`).exec(path);
    const waveform = new RegExp(`^/${API_PREFIX}tracks/(\\d+)/waveform$`).exec(path);
    if (waveform && method === 'GET') {
      json(200, { peaks: waveforms.get(Number(waveform[1])) ?? [] });
    } else if (plays && method === 'POST') {
      api.plays.push({
        trackId: Number(plays[1]),
        xsrf: request.headers[XSRF_HEADER.toLowerCase()] as string | undefined,
      });
      json(201, {});
    } else if (path === '/api/v1/me/player-state' && method === 'GET') {
      json(
        200,
        storedState ?? {
          queue: [],
          current_index: -1,
          position_ms: 0,
          shuffle: false,
          repeat: 'off',
          volume: 100,
        },
      );
    } else if (path === '/api/v1/me/player-state' && method === 'PUT') {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        storedState = JSON.parse(body) as unknown;
        api.playerState.push(storedState);
        json(200, storedState);
      });
    } else if (path === '/app' && app) {
      // `?visitor` serves a visitor whose guest role may browse but not play.
      const visitor = new URL(request.url ?? '/', 'http://localhost').searchParams.has('visitor');
      const listener = {
        id: 5,
        email: 'listener@example.com',
        roles: [{ id: 2, name: 'users', permissions: [{ name: 'music.play' }] }],
      };
      const bootstrap = {
        user: visitor ? null : listener,
        guest_role: visitor ? { id: 1, name: 'guests', permissions: [{ name: 'music.view' }] } : null,
        settings: {},
        themes: { all: [], selectedThemeId: null },
        i18n: { language: 'en', lines: {} },
      };
      response.writeHead(200, {
        'content-type': 'text/html',
        'set-cookie': `${XSRF_COOKIE}=${TEST_XSRF}; Path=/`,
      });
      response.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>player</title>${app.html}` +
          `<script>window[${JSON.stringify(BOOTSTRAP_GLOBAL)}]=${JSON.stringify(JSON.stringify(bootstrap))};` +
          `window.testTracks=${JSON.stringify(appTracks)};</script></head><body><div id="root"></div></body></html>`,
      );
    } else if (app?.files.has(path)) {
      const file = app.files.get(path)!;
      response.writeHead(200, { 'content-type': file.type });
      response.end(file.body);
    } else if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        '<!doctype html><html lang="en"><title>player engine</title><script src="/engine.js"></script>',
      );
    } else if (path === '/engine.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(engine);
    } else if (path === '/recorder.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(RECORDER);
    } else if (dropFirst.has(path) && (dropped.get(path) ?? 0) < 2) {
      // A lost network: the first two requests for this file die with their connection (two, because Chromium
      // itself retries once on a fresh connection; the second failure reaches the player).
      dropped.set(path, (dropped.get(path) ?? 0) + 1);
      request.socket.destroy();
    } else if (files.has(path)) {
      const body = files.get(path)!;
      requests.set(path, (requests.get(path) ?? 0) + 1);
      const cut = outages.get(path);
      // Byte ranges as the site's stream route answers them: a media element seeks with them.
      const asked = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
      const range = asked && Number(asked[1]) < body.length ? asked : null;
      const start = range ? Number(range[1]) : 0;
      const end = range?.[2] ? Math.min(body.length - 1, Number(range[2])) : body.length - 1;
      if (cut !== undefined && start >= cut) {
        request.socket.destroy();
        return;
      }
      response.writeHead(range ? 206 : 200, {
        'content-type': 'audio/wav',
        'accept-ranges': 'bytes',
        'content-length': end - start + 1,
        ...(range ? { 'content-range': `bytes ${start}-${end}/${body.length}` } : {}),
      });
      if (cut !== undefined && cut <= end) {
        // The connection dies part way: what came before the cut arrives, the rest never does.
        response.write(body.subarray(start, cut), () => request.socket.destroy());
        return;
      }
      response.end(body.subarray(start, end + 1));
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let browser: Browser | null = null;
  try {
    // The machine's flags and the suites' timeouts come from launchBrowser; these are the audio tests' own.
    browser = await launchBrowser({
      args: [
        '--autoplay-policy=no-user-gesture-required',
        // window.gc() and exact heap figures, for the memory test.
        '--js-flags=--expose-gc',
        '--enable-precise-memory-info',
      ],
    });
    const page = await browser.newPage();
    await page.goto(url);
    const opened = browser;
    return {
      url,
      page,
      browser,
      files,
      dropFirst,
      outages,
      requests,
      waveforms,
      api,
      appUrl: `${url}/app`,
      setAppTracks(tracks) {
        appTracks = tracks;
      },
      async close() {
        await opened.close();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  } catch (error) {
    await browser?.close();
    server.close();
    throw error;
  }
}
