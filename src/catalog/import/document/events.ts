// What the import reads a catalog document as, whatever it comes from: events, one record of a
// section at a time (the file reader, source.ts, hands over the same events as objectEvents here
// does for an object in memory), and the stand-in for a value too large to build.
export const catalogSections = ['stores', 'products', 'media', 'similar'] as const;
export type CatalogSection = (typeof catalogSections)[number];

/**
 * What the reader hands over in place of a value it did not build, being larger than any the
 * format takes: a string or a number longer than any field's, or a record over the size limit.
 * The validator reports it where it is, as it reports any value of the wrong kind.
 */
export class OversizedValue {
  constructor(
    readonly what: 'string' | 'number' | 'record',
    /** It is longer than this, in characters. */
    readonly limit: number,
  ) {}

  get description(): string {
    return this.what === 'record'
      ? `more than ${this.limit} characters of JSON`
      : `a ${this.what} of more than ${this.limit} characters`;
  }
}

export type CatalogEvent =
  /** The document's root: an object, or (not an object) a stand-in that describes like it. */
  | { kind: 'document'; value: unknown }
  | { kind: 'version'; value: unknown }
  /** A section whose value is not a list (null included): a stand-in that describes like it. */
  | { kind: 'value'; section: CatalogSection; value: unknown }
  | { kind: 'start'; section: CatalogSection }
  /** `size`: the characters of JSON read into it (a file's records; 0 for an object in memory). */
  | { kind: 'record'; section: CatalogSection; index: number; value: unknown; size: number }
  | { kind: 'end'; section: CatalogSection }
  /** The reader stopped at this value and read no further: the document is refused. */
  | { kind: 'refused'; path: string; message: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The events of a document in memory. Sections are walked in the format's order (stores,
 * products, media, similar) whatever the order of the object's keys, and an absent section is
 * reported as an empty one: every reference can then be decided when it is read. Nothing is
 * refused: the object is already whole.
 */
export function* objectEvents(document: unknown): Generator<Exclude<CatalogEvent, { kind: 'refused' }>> {
  yield { kind: 'document', value: document };
  if (!isObject(document)) return;
  if (document.version !== undefined) yield { kind: 'version', value: document.version };
  for (const section of catalogSections) {
    const value = document[section];
    if (!Array.isArray(value)) {
      yield { kind: 'value', section, value };
      continue;
    }
    yield { kind: 'start', section };
    for (let index = 0; index < value.length; index += 1)
      yield { kind: 'record', section, index, value: value[index], size: 0 };
    yield { kind: 'end', section };
  }
}
