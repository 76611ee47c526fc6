// The Lifecycle knows when the last request came in (what the webhook worker gives way to), in
// memory another thread reads.
import { describe, expect, it } from 'vitest';
import { Worker } from 'node:worker_threads';
import { createTestApp } from './helpers.js';
import { Lifecycle } from '../src/lifecycle.js';

describe('the last request, as background work sees it', () => {
  it('is marked by every request, and seen from another thread', async () => {
    const lifecycle = new Lifecycle();
    const t = await createTestApp(null, {}, { lifecycle });
    try {
      expect(lifecycle.servedWithin(60_000)).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: '/no-such-route' })).statusCode).toBe(404);
      expect(lifecycle.servedWithin(1_000)).toBe(true);
      const seen = await new Promise<number>((resolve, reject) => {
        const thread = new Worker(
          'require("node:worker_threads").parentPort.postMessage(require("node:worker_threads").workerData[0])',
          { eval: true, workerData: lifecycle.lastRequest },
        );
        thread.once('message', resolve);
        thread.once('error', reject);
      });
      expect(Date.now() - seen).toBeLessThan(1_000);
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(lifecycle.servedWithin(50)).toBe(false);
    } finally {
      await t.close();
    }
  });
});
