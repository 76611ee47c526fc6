// What /healthz asks of the database: that it answers a read, on every call (through the ORM's
// connections and the catalog reader's, which on PostgreSQL is a pool of its own), and that it takes a
// write, tried at most every writeProbeIntervalMs while it does (the last outcome is answered in
// between, so /healthz stays cheap) and every failedWriteRetryMs once it did not, so that a
// database taking writes again shows within a second, as requests already succeed. The probe write
// is a row larger than a page, inserted and deleted in one transaction: like shoppers' writes it
// needs free pages or room to grow the file, so a full disk, a read-only file or an I/O error turns
// /healthz to 503 while writes fail, and back once they go through again. Both are bounded by
// healthTimeoutMs: a frozen database is down, not waited for.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './database.js';
import type { RowReader } from './reader.js';
import { faultPlace } from './faults.js';
import { within } from '../timing.js';

/** How long /healthz waits for the database before answering 503. */
export const healthTimeoutMs = 1_500;
/** At most one probe write per this many ms while the last one went through. */
export const writeProbeIntervalMs = 5_000;
/**
 * Once a probe write failed, another is tried at most this often: a call then joins a probe this
 * recent or starts one (one still held up by a frozen database, up to healthTimeoutMs, is not waited for).
 */
export const failedWriteRetryMs = 250;
/** Twice SQLite's page (4 KiB): the row takes overflow pages of its own. */
const probeRowBytes = 8_192;

export class DatabaseHealth {
  private writable = true;
  /** When the probe whose outcome `writable` holds started. */
  private probedAt = Number.NEGATIVE_INFINITY;
  /** The latest probe still running, and when it started. */
  private probing: { startedAt: number; outcome: Promise<boolean> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    /** The catalog reader: its connections may fail while the ORM's answer (max_connections reached). */
    private readonly reader: RowReader | null = null,
  ) {}

  /** Whether the database answers a read now, on every kind of connection, and took the last probe write. */
  async healthy(): Promise<boolean> {
    const reads = Promise.all([this.db.$queryRawUnsafe('SELECT 1'), this.reader?.all('SELECT 1 AS one', [])]);
    const [read, writable] = await Promise.all([within(reads, healthTimeoutMs), this.takesWrites()]);
    return read !== null && writable;
  }

  private takesWrites(): Promise<boolean> {
    const now = Date.now();
    if (now - this.probedAt < (this.writable ? writeProbeIntervalMs : failedWriteRetryMs))
      return Promise.resolve(this.writable);
    if (this.probing && (this.writable || now - this.probing.startedAt < failedWriteRetryMs))
      return this.probing.outcome;
    const probing = { startedAt: now, outcome: this.probeWrite(now) };
    this.probing = probing;
    void probing.outcome.finally(() => {
      if (this.probing === probing) this.probing = null;
    });
    return probing.outcome;
  }

  /**
   * Whether a probe write started at `startedAt` went through; its outcome counts unless a later
   * probe's already does.
   */
  private async probeWrite(startedAt: number): Promise<boolean> {
    const id = randomUUID();
    let failure: unknown = null;
    const write = this.db
      .$transaction([
        this.db.healthProbe.create({ data: { id, payload: new Uint8Array(probeRowBytes) } }),
        this.db.healthProbe.delete({ where: { id } }),
      ])
      .catch((error: unknown) => {
        failure = error;
        throw error;
      });
    const written = (await within(write, healthTimeoutMs)) !== null;
    // Another process holding the write lock (an import on SQLite) is a wait, not a failure.
    const writable = written || faultPlace(failure) === 'lock';
    if (startedAt < this.probedAt) return writable;
    if (writable !== this.writable) {
      if (writable) this.log.info('health: the database takes writes again');
      else
        this.log.warn(
          { err: failure ?? new Error(`no answer within ${healthTimeoutMs} ms`) },
          'health: the database does not take the probe write',
        );
    }
    this.writable = writable;
    this.probedAt = startedAt;
    return writable;
  }
}
