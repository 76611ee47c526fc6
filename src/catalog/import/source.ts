// The records of a catalog document read from a file as a stream: the same events, one record of
// a section at a time, as an object already in memory gives (document/events.ts), so one pipeline
// validates and writes either. A file is never parsed whole: stream-json's tokenizer reads it a
// block at a time, and of the record being read only what the format declares is built
// (document/schema.ts), within its limits; everything else is skipped token by token, so memory
// holds a block and a record whatever the file holds.
import { createReadStream } from 'node:fs';
import { jsonParser, type Token } from 'stream-json/core/parser.js';
import { catalogSections, OversizedValue, type CatalogEvent, type CatalogSection } from './document/events.js';
import { catalogLimits } from './document/limits.js';
import { CatalogDocumentSchema } from './document/schema.js';

/** The file is not JSON (or not complete): where the tokenizer stopped, in characters. */
export class CatalogSyntaxError extends Error {
  constructor(message: string, from: number, to: number) {
    super(`not valid JSON: ${message.replace(/^Parser /, 'the parser ')} (within characters ${from}–${to})`);
    this.name = 'CatalogSyntaxError';
  }
}

function isSection(key: string): key is CatalogSection {
  return (catalogSections as readonly string[]).includes(key);
}

/**
 * How the reader reads a value: built whole (a scalar), as an object of the declared keys, as a
 * list of at most `maxItems`, or as a section's records one at a time.
 */
type Shape =
  | { kind: 'value' }
  | { kind: 'object'; fields: ReadonlyMap<string, Shape> }
  | { kind: 'list'; items: Shape; maxItems: number }
  | { kind: 'section'; section: CatalogSection; items: Shape };

/** The parts of a JSON Schema node (as TypeBox declares it) the shapes are read from. */
interface SchemaNode {
  type?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  maxItems?: number;
}

/** A field's shape: an object or a list when it may be one (a union with null included), else a scalar. */
function shapeOf(node: SchemaNode, path: string): Shape {
  // A union's members; an object's own anyOf (which fields it needs) is no alternative to it.
  for (const member of node.type === undefined ? (node.anyOf ?? []) : [node]) {
    if (member.type === 'object' && member.properties) {
      return {
        kind: 'object',
        fields: new Map(
          Object.entries(member.properties).map(([key, field]) => [key, shapeOf(field, `${path}.${key}`)]),
        ),
      };
    }
    if (member.type === 'array' && member.items) {
      // A list without one would let a record hold any number of items.
      if (member.maxItems === undefined) throw new Error(`the catalog schema declares no maxItems for ${path}`);
      return { kind: 'list', items: shapeOf(member.items, `${path}[]`), maxItems: member.maxItems };
    }
  }
  return { kind: 'value' };
}

/** The document: `version` a scalar, each section a list of records of its schema, other keys skipped. */
const documentShape: Shape = (() => {
  const { properties } = CatalogDocumentSchema as SchemaNode;
  const fields = new Map<string, Shape>([['version', { kind: 'value' }]]);
  for (const section of catalogSections) {
    const list = properties?.[section]?.anyOf?.find((member) => member.type === 'array');
    if (!list?.items) throw new Error(`the catalog schema declares no list for ${section}`);
    fields.set(section, { kind: 'section', section, items: shapeOf(list.items, `$.${section}[]`) });
  }
  return { kind: 'object', fields };
})();

const { maxText, maxDepth, maxRecordText } = catalogLimits;
/** A string of more UTF-16 units than this has more than maxText characters: longer than any field takes. */
const longestString = 2 * maxText;
/** No field takes a number written longer either (ids and prices have a dozen digits at most). */
const longestNumber = maxText;
/** Longer than any key of the format: kept this long for paths. */
const longestKey = 64;

// The tokenizer's protocol (stream-chain): flushed with this registered symbol, it answers a
// marked list of tokens (or the same symbol for none).
const none = Symbol.for('object-stream.none');
const manyMark = Symbol.for('object-stream.many');
type Tokenizer = (chunk: string | typeof none) => unknown;

function tokensOf(result: unknown): Token[] {
  if (typeof result === 'object' && result !== null && (result as Record<symbol, unknown>)[manyMark] === 1)
    return (result as { values: Token[] }).values;
  return [];
}

/** An open array or object. */
interface Frame {
  /** How the values in it are read; null when it is skipped. */
  shape: Shape | null;
  /** What is built of it (null when it is skipped, a section or the document). */
  value: Record<string, unknown> | unknown[] | null;
  isArray: boolean;
  /** The key being read (objects). */
  key: string;
  /** The index of the item being read (arrays; -1 before the first). */
  index: number;
}

/** `.key`, or `["key"]` when the key is not a name. */
function member(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

/**
 * Turns tokens into events. Keeps a frame per open array or object (at most maxDepth) and the
 * text of the key, string or number being read (at most its limit); builds the declared keys of
 * the record being read, nothing of the rest. Keys, strings and numbers come from the tokenizer
 * in chunks, never assembled by it, so a value skipped is never held whole, however long.
 */
class DocumentReader {
  private readonly stack: Frame[] = [];
  /** The text of the key, string or number being read, while it is kept and within its limit. */
  private text = '';
  private textKept = false;
  private textOver = false;
  private textLimit = 0;
  /** Characters of JSON read into the current record; past maxRecordText nothing more of it is built. */
  private recordSize = 0;
  private recordOver = false;
  /** Nothing more is read: the document closed, or was not an object, or a value went too deep. */
  done = false;
  /** The document closed (the tokenizer still reads what follows, to find text after it). */
  complete = false;
  private events: CatalogEvent[] = [];

  /** Reads the tokens of a block; answers its events. */
  read(tokens: Token[]): CatalogEvent[] {
    this.events = [];
    for (const token of tokens) {
      if (this.done) break;
      this.token(token);
    }
    return this.events;
  }

  private token(token: Token): void {
    switch (token.name) {
      case 'startObject':
      case 'startArray':
        this.open(token.name === 'startArray');
        break;
      case 'endObject':
      case 'endArray':
        this.close();
        break;
      case 'startKey':
        this.begin(true, longestKey);
        break;
      case 'endKey':
        this.stack.at(-1)!.key = this.textOver ? `${this.text}…` : this.text;
        break;
      case 'startString':
        this.begin(this.expected() !== null, longestString);
        break;
      case 'startNumber':
        this.begin(this.expected() !== null, longestNumber);
        break;
      case 'stringChunk':
      case 'numberChunk':
        this.chunk(token.value);
        break;
      case 'endString':
        if (this.textKept)
          this.scalar(this.textOver ? new OversizedValue('string', maxText) : this.text, this.text.length + 2);
        break;
      case 'endNumber':
        if (this.textKept)
          this.scalar(
            this.textOver ? new OversizedValue('number', longestNumber) : Number(this.text),
            this.text.length,
          );
        break;
      case 'nullValue':
      case 'trueValue':
      case 'falseValue':
        if (this.expected() !== null) this.scalar(token.value, 5);
        break;
      default:
        break;
    }
  }

  /** A value starts in the innermost frame: how it is read (null: skipped). */
  private expected(): Shape | null {
    const parent = this.stack.at(-1);
    if (!parent) return documentShape;
    if (parent.isArray) parent.index += 1;
    const shape = parent.shape;
    if (shape?.kind === 'section') {
      this.recordSize = 0;
      this.recordOver = false;
      return shape.items;
    }
    if (shape === null || this.recordOver) return null;
    if (shape.kind === 'object') {
      const field = shape.fields.get(parent.key);
      if (field === undefined) return null;
      this.weigh(parent.key.length + 3);
      return field;
    }
    if (shape.kind === 'list') return parent.index <= shape.maxItems ? shape.items : null;
    return null;
  }

  /** The path of the value starting in the innermost frame. */
  private path(): string {
    let path = '$';
    for (const frame of this.stack) path += frame.isArray ? `[${frame.index}]` : member(frame.key);
    return path;
  }

  private begin(kept: boolean, limit: number): void {
    this.text = '';
    this.textKept = kept;
    this.textOver = false;
    this.textLimit = limit;
  }

  private chunk(value: string): void {
    if (!this.textKept || this.textOver) return;
    if (this.text.length + value.length <= this.textLimit) this.text += value;
    else {
      this.text += value.slice(0, this.textLimit - this.text.length);
      this.textOver = true;
    }
  }

  private weigh(size: number): void {
    this.recordSize += size;
    if (this.recordSize > maxRecordText) this.recordOver = true;
  }

  private scalar(value: unknown, size: number): void {
    this.weigh(size);
    this.deliver(value);
  }

  private open(isArray: boolean): void {
    const shape = this.expected();
    if (this.stack.length >= maxDepth) {
      this.events.push({
        kind: 'refused',
        path: this.path(),
        message:
          `is nested more than ${maxDepth} arrays and objects deep (the document itself included): ` +
          'the rest of the document was not read',
      });
      this.done = true;
      return;
    }
    const frame: Frame = { shape: null, value: null, isArray, key: '', index: -1 };
    if (this.stack.length === 0) {
      this.events.push({ kind: 'document', value: isArray ? [] : {} });
      // A document that is not an object holds nothing to import: the rest is not read.
      if (isArray) this.done = true;
      else this.stack.push({ ...frame, shape: documentShape });
      return;
    }
    if (shape?.kind === (isArray ? 'list' : 'object')) {
      frame.shape = shape;
      frame.value = isArray ? [] : {};
      this.weigh(2);
    } else if (shape?.kind === 'section' && isArray) {
      this.events.push({ kind: 'start', section: shape.section });
      frame.shape = shape;
    } else if (shape !== null) this.deliver(isArray ? [] : {}); // of the wrong kind: a stand-in, the content skipped
    this.stack.push(frame);
  }

  private close(): void {
    const frame = this.stack.pop()!;
    if (this.stack.length === 0) {
      this.done = true;
      this.complete = true;
    } else if (frame.value !== null) this.deliver(frame.value);
    else if (frame.shape?.kind === 'section') this.events.push({ kind: 'end', section: frame.shape.section });
  }

  /** A value (or a stand-in) read whole: into what holds it, or out as an event. */
  private deliver(value: unknown): void {
    const parent = this.stack.at(-1);
    if (!parent) {
      this.events.push({ kind: 'document', value });
      this.done = true;
    } else if (Array.isArray(parent.value)) parent.value.push(value);
    else if (parent.value !== null) parent.value[parent.key] = value;
    else if (parent.shape?.kind === 'section') {
      this.events.push({
        kind: 'record',
        section: parent.shape.section,
        index: parent.index,
        value: this.recordOver ? new OversizedValue('record', maxRecordText) : value,
        size: this.recordSize,
      });
      this.recordSize = 0;
      this.recordOver = false;
    } else if (parent.key === 'version')
      this.events.push({ kind: 'version', value }); // into the document
    else if (isSection(parent.key)) this.events.push({ kind: 'value', section: parent.key, value });
  }
}

/**
 * Reads the records of the document events by event: a top-level section's array elements are
 * built one at a time and handed over as `record` events (in document order, sections in the
 * order the file has them); other keys are skipped token by token. Events come in lists, one
 * per block read (`blockSize` bytes, 64 KiB by default), so memory holds a block and its records.
 */
export async function* fileEvents(
  file: string,
  options: {
    blockSize?: number;
    /** Each block of text as read (the import hashes them). */ onText?: (text: string) => void;
  } = {},
): AsyncGenerator<CatalogEvent[]> {
  // Keys, strings and numbers in chunks: packed, the tokenizer would assemble each whole first.
  const tokenize = jsonParser({ packValues: false }) as unknown as Tokenizer;
  const reader = new DocumentReader();
  let read = 0;
  let first = true;
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: options.blockSize ?? 1 << 16 });
  try {
    for await (const block of stream as AsyncIterable<string>) {
      options.onText?.(block);
      let text = block;
      if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
      let tokens: Token[];
      try {
        tokens = tokensOf(tokenize(text));
      } catch (error) {
        throw new CatalogSyntaxError(error instanceof Error ? error.message : String(error), read, read + text.length);
      }
      read += text.length;
      const events = reader.read(tokens);
      if (events.length > 0) yield events;
      if (reader.done && !reader.complete) return;
    }
    let tokens: Token[];
    try {
      tokens = tokensOf(tokenize(none));
    } catch (error) {
      throw new CatalogSyntaxError(error instanceof Error ? error.message : String(error), read, read);
    }
    const events = reader.read(tokens);
    if (!reader.done) throw new CatalogSyntaxError('the document ends before it is complete', read, read);
    if (events.length > 0) yield events;
  } finally {
    stream.destroy();
  }
}
