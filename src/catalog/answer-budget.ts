// How much of the catalog one answer may read: every list of a record a request reads (a product's
// SKUs and comparables, a media item's products and placements) is counted as it is read, REST and
// GraphQL alike, and past ANSWER_MAX_OBJECTS the read fails with ANSWER_TOO_LARGE (400). Once over,
// every later read fails at once, so an execution that has gone too far stops instead of building
// the rest of its answer. Pages (of products, media, search results) are not counted: their size
// is the caller's first, at most 100, and the estimate counts them.
import { AppError } from '../errors.js';

export class AnswerBudget {
  private used = 0;

  constructor(readonly maxObjects: number) {}

  /** Counts `count` more records into the answer; ANSWER_TOO_LARGE past the budget (and from then on). */
  take(count: number): void {
    this.used += count;
    if (this.used > this.maxObjects) throw this.refusal();
  }

  /** Counts from nothing again, for an answer made anew from the same reads. */
  restart(): void {
    this.used = 0;
  }

  /** Records the answer may still read. */
  get remaining(): number {
    return Math.max(0, this.maxObjects - this.used);
  }

  /** Whether the answer went past the budget. */
  get exceeded(): boolean {
    return this.used > this.maxObjects;
  }

  refusal(): AppError {
    return new AppError(
      'ANSWER_TOO_LARGE',
      `The answer would hold more than ${this.maxObjects} catalog records (products, SKUs, media, placements); ` +
        'ask for less (a smaller first or limit, fewer fields with lists)',
      {
        max_objects: this.maxObjects,
      },
    );
  }
}
