// Named prepared statements on PostgreSQL (the own SQL of tx-sql.ts, the catalog reads of
// reader.ts): a text has the same name on every connection, so the server parses it once per
// connection. A migration that changes what a text returns makes the server refuse the prepared
// copies on every run (isStalePlan): every text then gets a new name (a new generation), which
// every connection prepares afresh; old ones are left unused where they were prepared, at most one
// set a migration (a pool connection that failed is closed, and its statements with it).

/** `?` → `$1`, `$2`, … (the statements given here have no `?` inside literals). */
export function numbered(sql: string): string {
  let index = 0;
  return sql.replace(/\?/g, () => `$${(index += 1)}`);
}

/**
 * PostgreSQL's refusal of a prepared statement whose result a migration changed under the running
 * process (0A000, "cached plan must not change result type"): run again under a new name, not
 * answered as a failure.
 */
export function isStalePlan(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code !== '0A000') return false;
  // The server's function that raises it, in any language the server answers in; else its message.
  if ((error as { routine?: unknown }).routine === 'RevalidateCachedQuery') return true;
  return typeof message === 'string' && message.includes('cached plan must not change result type');
}

/** A statement as sent: its name if it has one, its numbered text, and the generation it was named in. */
export interface NamedStatement {
  name?: string;
  text: string;
  generation: number;
}

/**
 * Names of texts, `<prefix>_<n>` (`<prefix>_g<generation>_<n>` after a stale plan): at most `max`
 * texts a generation, none with more than `maxParams` parameters (else unnamed).
 */
export class StatementNames {
  private names = new Map<string, NamedStatement>();
  private generation = 0;

  constructor(
    private readonly prefix: string,
    private readonly max = Number.POSITIVE_INFINITY,
    private readonly maxParams = Number.POSITIVE_INFINITY,
  ) {}

  /** The statement of `sql` (`?` placeholders). */
  of(sql: string): NamedStatement {
    const named = this.names.get(sql);
    if (named !== undefined) return named;
    const { generation } = this;
    // A new generation's texts differ too: a pooler that keeps statements by their text (PgBouncer
    // 1.21+ in transaction mode) prepares them afresh as well.
    const text = generation === 0 ? numbered(sql) : `${numbered(sql)} /* g${generation} */`;
    if (this.names.size >= this.max || text.includes(`$${this.maxParams + 1}`)) return { text, generation };
    const tag = generation === 0 ? '' : `g${generation}_`;
    const statement = { name: `${this.prefix}_${tag}${this.names.size + 1}`, text, generation };
    this.names.set(sql, statement);
    return statement;
  }

  /**
   * After isStalePlan on `failed`: every text under a new name, once per generation (a migration
   * may have made several stale, and a transaction meets one at a time). Answers whether `failed`
   * is of an older generation now, so that running it again prepares it afresh.
   */
  renameStale(failed: NamedStatement): boolean {
    if (failed.name === undefined) return false;
    if (failed.generation === this.generation) {
      this.generation += 1;
      this.names = new Map();
    }
    return true;
  }
}
