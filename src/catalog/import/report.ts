// What an import did: per section, the rows inserted, updated and found unchanged; kept with the
// last import's record (the same-file skip answers it again) and printed by the command line.

/** Rows of one section: new, changed and as stored already. */
export interface Tally {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface ImportReport {
  stores: Tally;
  products: Tally;
  skus: Tally;
  /** SKUs of imported products that the document no longer lists (hidden, kept for carts). */
  skusUnlisted: number;
  media: Tally;
  /** Products whose list of curated comparables the document sets. */
  similarLists: Tally;
  /** Set when the file was not read: the last import read the same bytes and the catalog has not moved since. */
  skipped?: true;
}

/** Whether an import wrote anything (and so moved the catalog version). */
export function changedAnything(report: ImportReport): boolean {
  return (
    report.skusUnlisted > 0 ||
    [report.stores, report.products, report.skus, report.media, report.similarLists].some(
      (tally) => tally.inserted + tally.updated > 0,
    )
  );
}

/** A report of nothing done yet. */
export function emptyReport(): ImportReport {
  const tally = () => ({ inserted: 0, updated: 0, unchanged: 0 });
  return { stores: tally(), products: tally(), skus: tally(), skusUnlisted: 0, media: tally(), similarLists: tally() };
}

/** The report as the command line prints it, a line per section. */
export function formatReport(report: ImportReport): string {
  const line = (name: string, tally: Tally) =>
    `${name}: ${tally.inserted} inserted, ${tally.updated} updated, ${tally.unchanged} unchanged`;
  return [
    ...(report.skipped
      ? ['the same file as the last import, and the catalog has not changed since: not read again (--full reads it)']
      : []),
    line('stores', report.stores),
    line('products', report.products),
    `${line('skus', report.skus)}, ${report.skusUnlisted} unlisted`,
    line('media', report.media),
    line('similar lists', report.similarLists),
  ].join('\n');
}
