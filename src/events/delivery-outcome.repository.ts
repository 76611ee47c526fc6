// The delivery worker's record of finished attempts: each attempt in its delivery's history, and
// what it means for the delivery (delivered, due again, given back) and its endpoint (healthy,
// failing, disabled), written for a batch of attempts at once. Plain SQL through the SQL executor,
// as the worker's other statements (delivery.repository.ts).
import { placeholders, timeById, timeParameter, type SqlExecutor, type SqlValue } from '../db/sql-executor.js';
import type { ClaimedDelivery } from './delivery.repository.js';

/** What one HTTP attempt gave. */
export interface AttemptRecord {
  at: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

/** A finished attempt and what it means for its delivery. */
export type DeliveryOutcome =
  | { kind: 'delivered'; delivery: ClaimedDelivery; attempt: AttemptRecord }
  | { kind: 'failed'; delivery: ClaimedDelivery; attempt: AttemptRecord; retryAt: Date }
  | { kind: 'interrupted'; delivery: ClaimedDelivery; attempt: AttemptRecord };

type FailedOutcome = Extract<DeliveryOutcome, { kind: 'failed' }>;

const idsOf = (outcomes: readonly DeliveryOutcome[]) => outcomes.map(({ delivery }) => delivery.id);

export class DeliveryOutcomeRepository {
  constructor(private readonly sql: SqlExecutor) {}

  /** A time parameter, typed as the columns are. */
  private get time(): string {
    return timeParameter(this.sql.dialect);
  }

  /**
   * Records finished attempts, any number of them, in one short transaction of a few statements
   * (not a transaction each):
   * - delivered (a 2xx, even if the claim was lost meanwhile: the receiver has it), the endpoint
   *   healthy again;
   * - failed: due again at its `retryAt` (unless another process took it over after this claim
   *   expired), the endpoint failing since now if it was healthy; an endpoint failing since before
   *   `disableBefore` is disabled and its pending deliveries fail;
   * - interrupted (this process stopping, the endpoint disabled): due again at once.
   * A delivery that is gone (its endpoint deleted while its request was open) records nothing.
   * Answers the endpoints disabled.
   */
  async record(outcomes: readonly DeliveryOutcome[], disableBefore: Date): Promise<string[]> {
    if (outcomes.length === 0) return [];
    return this.sql.transaction(async (tx) => {
      const present = await this.lockedIds(
        tx,
        outcomes.map((outcome) => outcome.delivery.id),
      );
      const kept = outcomes.filter((outcome) => present.has(outcome.delivery.id));
      if (kept.length === 0) return [];
      await this.writeAttempts(tx, kept);
      await this.markDelivered(
        tx,
        kept.filter((outcome) => outcome.kind === 'delivered'),
      );
      await this.giveBackInterrupted(
        tx,
        kept.filter((outcome) => outcome.kind === 'interrupted'),
      );
      const failed = kept.filter((outcome): outcome is FailedOutcome => outcome.kind === 'failed');
      return this.scheduleRetries(tx, failed, disableBefore);
    });
  }

  /** Each finished attempt, in the delivery's history. */
  private async writeAttempts(tx: SqlExecutor, outcomes: readonly DeliveryOutcome[]): Promise<void> {
    const values = outcomes.map(() => `(?, ${this.time}, ?, ?, ?)`).join(', ');
    await tx.run(
      `INSERT INTO "WebhookAttempt" ("deliveryId", "at", "statusCode", "latencyMs", "error") VALUES ${values}`,
      outcomes.flatMap(({ delivery, attempt }) => [
        delivery.id,
        attempt.at,
        attempt.statusCode,
        attempt.latencyMs,
        attempt.error,
      ]),
    );
  }

  /** Delivered (even if the claim was lost meanwhile: the receiver has it), their endpoints healthy again. */
  private async markDelivered(tx: SqlExecutor, delivered: readonly DeliveryOutcome[]): Promise<void> {
    if (delivered.length === 0) return;
    const [deliveredAt, atParams] = timeById(
      this.sql.dialect,
      delivered.map(({ delivery, attempt }) => [delivery.id, attempt.at]),
    );
    await tx.run(
      `UPDATE "WebhookDelivery"
      SET "status" = 'delivered', "deliveredAt" = ${deliveredAt}, "attempts" = "attempts" + 1, "claimedUntil" = NULL
      WHERE "id" IN (${placeholders(delivered.length)}) AND "status" = 'pending'`,
      [...atParams, ...idsOf(delivered)],
    );
    const endpoints = [...new Set(delivered.map((outcome) => outcome.delivery.endpointId))];
    await tx.run(
      `UPDATE "WebhookEndpoint" SET "failingSince" = NULL
      WHERE "id" IN (${placeholders(endpoints.length)}) AND "failingSince" IS NOT NULL`,
      endpoints,
    );
  }

  /** Interrupted: due again at once, unless another process took it over after this claim expired. */
  private async giveBackInterrupted(tx: SqlExecutor, interrupted: readonly DeliveryOutcome[]): Promise<void> {
    if (interrupted.length === 0) return;
    const [claimed, claimParams] = this.stillClaimed(interrupted);
    await tx.run(
      `UPDATE "WebhookDelivery" SET "claimedUntil" = NULL
      WHERE "id" IN (${placeholders(interrupted.length)}) AND "status" = 'pending' AND ${claimed}`,
      [...idsOf(interrupted), ...claimParams],
    );
  }

  /**
   * Failed: due again at its `retryAt` (unless another process took it over after this claim
   * expired), the endpoint failing since now if it was healthy; answers the endpoints disabled.
   */
  private async scheduleRetries(
    tx: SqlExecutor,
    failed: readonly FailedOutcome[],
    disableBefore: Date,
  ): Promise<string[]> {
    if (failed.length === 0) return [];
    const [retryAt, retryParams] = timeById(
      this.sql.dialect,
      failed.map(({ delivery, retryAt: at }) => [delivery.id, at]),
    );
    const [claimed, claimParams] = this.stillClaimed(failed);
    await tx.run(
      `UPDATE "WebhookDelivery" SET "attempts" = "attempts" + 1, "nextAttemptAt" = ${retryAt}, "claimedUntil" = NULL
      WHERE "id" IN (${placeholders(failed.length)}) AND "status" = 'pending' AND ${claimed}`,
      [...retryParams, ...idsOf(failed), ...claimParams],
    );
    const endpoints = [...new Set(failed.map((outcome) => outcome.delivery.endpointId))];
    await tx.run(
      `UPDATE "WebhookEndpoint" SET "failingSince" = ${this.time}
      WHERE "id" IN (${placeholders(endpoints.length)}) AND "failingSince" IS NULL`,
      [failed[0]!.attempt.at, ...endpoints],
    );
    return this.disableExpired(tx, endpoints, disableBefore);
  }

  /** Of these endpoints, those failing since before `disableBefore`: disabled, their pending deliveries failed. */
  private async disableExpired(tx: SqlExecutor, endpoints: readonly string[], disableBefore: Date): Promise<string[]> {
    const expired = await tx.all<{ id: string }>(
      `SELECT "id" FROM "WebhookEndpoint"
      WHERE "id" IN (${placeholders(endpoints.length)}) AND "enabled" = ? AND "failingSince" < ${this.time}`,
      [...endpoints, true, disableBefore],
    );
    if (expired.length === 0) return [];
    const disabled = expired.map((endpoint) => endpoint.id);
    await tx.run(`UPDATE "WebhookEndpoint" SET "enabled" = ? WHERE "id" IN (${placeholders(disabled.length)})`, [
      false,
      ...disabled,
    ]);
    await tx.run(
      `UPDATE "WebhookDelivery" SET "status" = 'failed', "claimedUntil" = NULL
      WHERE "endpointId" IN (${placeholders(disabled.length)}) AND "status" = 'pending'`,
      disabled,
    );
    return disabled;
  }

  /** The condition that each delivery is still under this process's claim, and its parameters. */
  private stillClaimed(outcomes: readonly DeliveryOutcome[]): [string, SqlValue[]] {
    const [time, params] = timeById(
      this.sql.dialect,
      outcomes.map(({ delivery }) => [delivery.id, delivery.claimedUntil]),
    );
    return [`"claimedUntil" = ${time}`, params];
  }

  /**
   * Which of these deliveries still exist, locked on PostgreSQL until the transaction ends, so
   * that an endpoint deleted meanwhile cannot take them away under the attempts written next.
   */
  private async lockedIds(tx: SqlExecutor, ids: string[]): Promise<Set<string>> {
    const lock = this.sql.dialect === 'postgresql' ? 'ORDER BY "id" FOR UPDATE' : '';
    const rows = await tx.all<{ id: string }>(
      `SELECT "id" FROM "WebhookDelivery" WHERE "id" IN (${placeholders(ids.length)}) ${lock}`,
      ids,
    );
    return new Set(rows.map((row) => row.id));
  }
}
