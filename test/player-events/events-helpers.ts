// What the player events tests share: sending events through REST, and waiting until an app has
// written every event it accepted (its /metrics say each counted or repeated, none waiting).
import type { TestApp } from '../helpers.js';

export interface EventsAnswer {
  status: number;
  body: { accepted?: number; code?: string; message?: string; details?: { field?: string; problems?: unknown[] } };
  headers: Record<string, unknown>;
}

export async function events(t: TestApp, list: unknown[], headers: Record<string, string> = {}): Promise<EventsAnswer> {
  const response = await t.app.inject({ method: 'POST', url: '/player/events', payload: { events: list }, headers });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** The app's player_events_* figures from /metrics. */
export async function eventFigures(t: TestApp, headers: Record<string, string> = {}): Promise<Record<string, number>> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
  const figures: Record<string, number> = {};
  for (const match of response.body.matchAll(/^player_events_total\{outcome="(\w+)"\} (\d+)$/gm))
    figures[match[1]!] = Number(match[2]);
  const pending = /^player_events_pending (\d+)$/m.exec(response.body);
  figures.pending = Number(pending?.[1] ?? NaN);
  const failed = /^player_event_flushes_failed_total (\d+)$/m.exec(response.body);
  figures.failedFlushes = Number(failed?.[1] ?? NaN);
  return figures;
}

/** Waits until the app accepted `accepted` events in all and wrote each of them (counted or repeated). */
export async function settled(t: TestApp, accepted: number, headers: Record<string, string> = {}): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const figures = await eventFigures(t, headers);
    if (
      figures.accepted === accepted &&
      figures.pending === 0 &&
      (figures.counted ?? 0) + (figures.repeated ?? 0) === accepted
    )
      return;
    if (Date.now() > deadline) throw new Error(`player events not settled: ${JSON.stringify(figures)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until `check` holds (at most 20 s). */
export async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
