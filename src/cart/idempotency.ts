// Stored answers for requests sent with an Idempotency-Key: the same key with the same request
// gets the first answer again for 24 hours; with another request it is refused.
import { createHash } from 'node:crypto';
import type { DbClient } from '../db/database.js';
import { AppError } from '../errors.js';

export const idempotencyWindowMs = 24 * 60 * 60 * 1000;
const maxKeyLength = 255;

export function requestHash(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

export function checkKey(key: string): string {
  if (key.length === 0 || key.length > maxKeyLength) {
    throw new AppError('VALIDATION_FAILED', `Idempotency-Key must be 1 to ${maxKeyLength} characters`, { field: 'Idempotency-Key' });
  }
  return key;
}

export class IdempotencyStore {
  /** The stored answer for this key and request, null when there is none (or it expired). */
  async replay<T>(tx: DbClient, scope: string, key: string, hash: string, now: Date): Promise<T | null> {
    const record = await tx.idempotencyRecord.findUnique({ where: { scope_key: { scope, key } } });
    if (!record) return null;
    if (now.getTime() - record.createdAt.getTime() > idempotencyWindowMs) {
      await tx.idempotencyRecord.delete({ where: { scope_key: { scope, key } } });
      return null;
    }
    if (record.requestHash !== hash) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request', { key: key.slice(0, 64) });
    }
    return JSON.parse(record.body) as T;
  }

  async save(tx: DbClient, scope: string, key: string, hash: string, answer: unknown, now: Date): Promise<void> {
    await tx.idempotencyRecord.create({ data: { scope, key, requestHash: hash, statusCode: 200, body: JSON.stringify(answer), createdAt: now } });
  }
}
