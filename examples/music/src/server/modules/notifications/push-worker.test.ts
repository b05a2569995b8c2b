import { readFileSync } from 'node:fs';
import { PUSH_SERVICE_WORKER, PUSH_SERVICE_WORKER_URL } from '@backline/notifications';
import { describe, expect, it } from 'vitest';

describe('the Web Push service worker', () => {
  it('is served from public/ exactly as @backline/notifications ships it', () => {
    const served = readFileSync(
      new URL(`../../../../public${PUSH_SERVICE_WORKER_URL}`, import.meta.url),
      'utf8',
    );
    expect(served).toBe(PUSH_SERVICE_WORKER);
    expect(served).toContain("addEventListener('push'");
  });
});
