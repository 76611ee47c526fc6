// Idempotency-Key, one rule for every write of both APIs: the first request with a key runs,
// and its answer is stored IN THE SAME TRANSACTION as its write; the same key with the same
// request gets that answer again (Idempotent-Replayed: true); with another request it is 409
// IDEMPOTENCY_KEY_REUSED. Kept 24 hours, per API key (per client address when the service runs
// open).
//
// What is kept is bounded: an answer of at most maxStoredAnswerBytes is kept as sent; a larger
// one (a cart of many lines) only as the id of the cart or order it answered, and its replay
// reads that resource as it is now: same status and shape, not applied twice, but current. So is
// an answer kept in an older shape that lacks a value today's has (AnswerSource.isCurrent).
// Each caller's records count against a budget in bytes that the sweeper (cart.sweeper.ts)
// enforces by removing the caller's oldest; a removed key is forgotten, as after 24 hours.
//
// Because the key commits with the write or not at all, a process that dies mid-request leaves
// nothing behind: the retry either replays the committed answer or runs as the first. A refused
// request rolls back and keeps nothing. A twin arriving while the first runs waits on the same
// row lock (carts, orders) and then replays; where there is no row to lock (a new cart), the
// twin that commits second hits the key's primary key, rolls back, and replays the first's answer.
import { createHash } from 'node:crypto';
import type { Db, DbClient, Prisma } from '../db/database.js';
import { inTransaction, isUniqueViolation, type UnitOfWork } from '../db/transaction.js';
import { AppError } from '../errors.js';
import { openPrincipal, type Principal } from '../security/api-keys.js';
import { deleteRecordsOf, insertRecord, recordsOf } from './idempotency.repository.js';

export const idempotencyWindowMs = 24 * 60 * 60 * 1000;
export const maxKeyLength = 255;
/** Largest answer kept as it was sent (UTF-8 bytes of its JSON); a larger one is re-read on replay. */
export const maxStoredAnswerBytes = 16 * 1024;

/**
 * How a write's answer is found again when it was too large to keep: the id of the resource it
 * answers (a cart, an order), and how to read that resource's answer as it is now.
 */
export interface AnswerSource<T> {
  idOf(answer: T): string;
  read(tx: DbClient, id: string): Promise<T>;
  /**
   * Whether an answer kept as sent has every value the answer has now: one kept before a value was
   * added (an order's number) cannot be shown in today's shape and is read again, as a large one.
   */
  isCurrent?(answer: T): boolean;
}

/** One write's key: where it is kept, and the fingerprint of the request that used it. */
export class IdempotentWrite {
  /** Set when the answer is the stored one of an earlier request. */
  replayed = false;
  /** Where the key is kept: the owner's, in the space of one API (REST, GraphQL, …). */
  readonly scope: string;

  constructor(
    /** The caller whose key it is (idempotencyScope), and whose storage budget it uses. */
    readonly owner: string,
    /** Keeps the keys of one API apart from another's ("" for REST). */
    readonly space: string,
    readonly key: string,
    readonly hash: string,
    /** Which write of the request this is ("" for a request that is one write). */
    readonly part = '',
  ) {
    this.scope = `${owner}${space}`;
  }

  private readonly parts: IdempotentWrite[] = [];

  /**
   * The key of the request's next write (GraphQL runs mutation fields one after the other, so
   * the same request numbers its writes alike): each keeps its own answer, all under the
   * request's fingerprint.
   */
  nextPart(): IdempotentWrite {
    const part = new IdempotentWrite(this.owner, this.space, this.key, this.hash, String(this.parts.length));
    this.parts.push(part);
    return part;
  }

  /** Whether this answer, or any part of it, is a stored one. */
  get anyReplayed(): boolean {
    return this.replayed || this.parts.some((part) => part.anyReplayed);
  }
}

const keyShape = new RegExp(`^[\\x21-\\x7e]{1,${maxKeyLength}}$`);

/** What idempotent resolvers need of a request's context (composed in src/context.ts). */
export interface IdempotencyContext {
  /** Where the caller's Idempotency-Keys are kept (their API key, or their address when open). */
  readonly idempotencyScope: string;
  /** The request's Idempotency-Key, when it sent one. */
  readonly idempotentWrite: IdempotentWrite | null;
}

/** 1 to 255 visible ASCII characters (a UUID, say): a header is no place for other text. */
export function checkKey(key: string): string {
  if (!keyShape.test(key)) {
    throw new AppError('VALIDATION_FAILED', `Idempotency-Key must be 1 to ${maxKeyLength} visible ASCII characters`, {
      field: 'Idempotency-Key',
    });
  }
  return key;
}

/** Keys belong to the API key that sent them; an open service has no keys, so to the client address. */
export function idempotencyScope(principal: Principal, clientAddress: string): string {
  return principal === openPrincipal ? `open@${clientAddress}` : principal.id;
}

/**
 * SHA-256 of a canonical serialization (object keys sorted), built with an explicit stack: no
 * nesting can overflow it (bodies are also refused past 64 levels before they get here).
 */
export function requestHash(value: unknown): string {
  const hash = createHash('sha256');
  // Pending work, last first: punctuation to write, or a value to serialize.
  const stack: ({ text: string } | { value: unknown })[] = [{ value }];
  for (let step = stack.pop(); step !== undefined; step = stack.pop()) {
    if ('text' in step) {
      hash.update(step.text);
      continue;
    }
    const item = step.value;
    if (Array.isArray(item)) {
      hash.update('[');
      stack.push({ text: ']' });
      for (let index = item.length - 1; index >= 0; index -= 1) {
        stack.push({ value: item[index] });
        if (index > 0) stack.push({ text: ',' });
      }
    } else if (item !== null && typeof item === 'object') {
      const record = item as Record<string, unknown>;
      const keys = Object.keys(record).sort();
      hash.update('{');
      stack.push({ text: '}' });
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index]!;
        stack.push({ value: record[key] });
        stack.push({ text: `${index > 0 ? ',' : ''}${JSON.stringify(key)}:` });
      }
    } else {
      hash.update(JSON.stringify(item) ?? 'null');
    }
  }
  return hash.digest('hex');
}

/** Thrown out of a transaction to roll it back with the stored answer in hand. */
class StoredAnswer extends Error {
  constructor(readonly answer: unknown) {
    super('replayed');
  }
}

/**
 * Runs `work` once per key in one transaction: `lock` first (so a twin waits for the first to
 * commit), then the stored answer if there is one, else the work and its answer stored with it
 * (as the id `source` gives when the answer is too large to keep). Without a key it is simply
 * the transaction, the work begun right behind the lock, before the lock's answer: the server runs
 * the work's statements after the lock's (on PostgreSQL they leave in one write,
 * db/pg-pipeline.ts), and a lock refused fails the transaction with its own error, once the work
 * has stopped, whatever the work did meanwhile (the works here read what they change first, and
 * refuse a missing or expired row as the lock does).
 */
export async function writeOnce<T>(
  db: Db,
  write: IdempotentWrite | null,
  lock: (tx: Prisma.TransactionClient) => Promise<void>,
  work: (tx: Prisma.TransactionClient, unit: UnitOfWork) => Promise<T>,
  source: AnswerSource<T>,
): Promise<T> {
  try {
    return await inTransaction(db, async (tx, unit) => {
      if (!write) {
        const [locked, worked] = await Promise.allSettled([lock(tx), work(tx, unit)]);
        if (locked.status === 'rejected') throw locked.reason;
        if (worked.status === 'rejected') throw worked.reason;
        return worked.value;
      }
      await lock(tx);
      const stored = await replay(tx, write, source, new Date());
      // Rolled back, lock included: a replay changes nothing.
      if (stored !== null) throw new StoredAnswer(stored);
      const answer = await work(tx, unit);
      await save(tx, write, answer, source, new Date());
      return answer;
    });
  } catch (error) {
    if (error instanceof StoredAnswer) return error.answer as T;
    // A twin with the same key committed first: its answer is this request's too.
    if (write && isUniqueViolation(error)) {
      const stored = await inTransaction(db, (tx) => replay(tx, write, source, new Date()));
      if (stored !== null) return stored;
    }
    throw error;
  }
}

/**
 * The stored answer for this key and request, null when there is none (or it expired). Any
 * record of the key made by another request is 409, whichever part it answers: a key names one
 * request, not one of its fields. An answer kept as an id is read as it is now (a cart that
 * expired since answers CART_EXPIRED, as any request naming it would).
 */
async function replay<T>(tx: DbClient, write: IdempotentWrite, source: AnswerSource<T>, now: Date): Promise<T | null> {
  const records = await recordsOf(tx, write.scope, write.key);
  if (records.length === 0) return null;
  // The parts of one request are made within it: they expire together.
  if (records.some((record) => now.getTime() - record.createdAt.getTime() > idempotencyWindowMs)) {
    await deleteRecordsOf(tx, write.scope, write.key);
    return null;
  }
  if (records.some((record) => record.requestHash !== write.hash)) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request', {
      key: write.key.slice(0, 64),
    });
  }
  const record = records.find((candidate) => candidate.part === write.part);
  if (!record) return null;
  const kept = record.body === null ? null : (JSON.parse(record.body) as T);
  const answer = kept !== null && (source.isCurrent?.(kept) ?? true) ? kept : await source.read(tx, record.resourceId);
  write.replayed = true;
  return answer;
}

async function save<T>(
  tx: DbClient,
  write: IdempotentWrite,
  answer: T,
  source: AnswerSource<T>,
  now: Date,
): Promise<void> {
  const json = JSON.stringify(answer);
  const fields = {
    scope: write.scope,
    key: write.key,
    part: write.part,
    owner: write.owner,
    requestHash: write.hash,
    body: Buffer.byteLength(json) <= maxStoredAnswerBytes ? json : null,
    resourceId: source.idOf(answer),
  };
  const bytes = Object.values(fields).reduce((sum, text) => sum + (text === null ? 0 : Buffer.byteLength(text)), 0);
  await insertRecord(tx, { ...fields, statusCode: 200, bytes, createdAt: now });
}
