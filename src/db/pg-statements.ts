// Named prepared statements on PostgreSQL (the own SQL of tx-sql.ts, the catalog reads of
// reader.ts): a text has the same name on every connection, so the server parses it once per
// connection. A migration that changes what a text returns makes the server refuse the prepared
// copies on every run (isStalePlan): the text then gets a new name, which every connection prepares
// afresh; the old one is left unused where it was prepared (one per text a migration changed).

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
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
}

/** Names of texts, `<prefix>_<n>`: at most `max` texts, none with more than `maxParams` parameters (else unnamed). */
export class StatementNames {
  private readonly names = new Map<string, { name: string; text: string }>();
  private renamed = 0;

  constructor(
    private readonly prefix: string,
    private readonly max = Number.POSITIVE_INFINITY,
    private readonly maxParams = Number.POSITIVE_INFINITY,
  ) {}

  /** The statement of `sql` (`?` placeholders): its name, if it has one, and its numbered text. */
  of(sql: string): { name?: string; text: string } {
    const named = this.names.get(sql);
    if (named !== undefined) return named;
    const text = numbered(sql);
    if (this.names.size >= this.max || text.includes(`$${this.maxParams + 1}`)) return { text };
    const statement = { name: `${this.prefix}_${this.names.size + 1}`, text };
    this.names.set(sql, statement);
    return statement;
  }

  /** After isStalePlan: `sql` under a new name (answers whether it had one). */
  renameStale(sql: string): boolean {
    const named = this.names.get(sql);
    if (named === undefined) return false;
    this.names.set(sql, { name: `${this.prefix}_r${(this.renamed += 1)}`, text: named.text });
    return true;
  }
}
