// Where the records of a catalog document come from: an object already in memory (tests, the
// seed) or a file read as a stream. Both hand the import the same events, one record of a
// section at a time, so one pipeline validates and writes either. A file is never parsed whole:
// stream-json's tokenizer reads it a block at a time and only the record being read is built.
import { createReadStream } from 'node:fs';
import { jsonParser, type Token } from 'stream-json/core/parser.js';

export const catalogSections = ['stores', 'products', 'media', 'similar'] as const;
export type CatalogSection = (typeof catalogSections)[number];

export type CatalogEvent =
  /** The document's root: an object, or (not an object) a stand-in that describes like it. */
  | { kind: 'document'; value: unknown }
  | { kind: 'version'; value: unknown }
  /** A section whose value is not a list (null included): a stand-in that describes like it. */
  | { kind: 'value'; section: CatalogSection; value: unknown }
  | { kind: 'start'; section: CatalogSection }
  | { kind: 'record'; section: CatalogSection; index: number; value: unknown }
  | { kind: 'end'; section: CatalogSection };

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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The events of a document in memory. Sections are walked in the format's order (stores,
 * products, media, similar) whatever the order of the object's keys, and an absent section is
 * reported as an empty one: every reference can then be decided when it is read.
 */
export function* objectEvents(raw: unknown): Generator<CatalogEvent> {
  yield { kind: 'document', value: raw };
  if (!isObject(raw)) return;
  if (raw.version !== undefined) yield { kind: 'version', value: raw.version };
  for (const section of catalogSections) {
    const value = raw[section];
    if (!Array.isArray(value)) {
      yield { kind: 'value', section, value };
      continue;
    }
    yield { kind: 'start', section };
    for (let index = 0; index < value.length; index += 1) yield { kind: 'record', section, index, value: value[index] };
    yield { kind: 'end', section };
  }
}

// The tokenizer's protocol (stream-chain): flushed with this registered symbol, it answers a
// marked list of tokens (or the same symbol for none).
const none = Symbol.for('object-stream.none');
const manyMark = Symbol.for('object-stream.many');
type Tokenizer = (chunk: string | typeof none) => unknown;

function tokensOf(result: unknown): Token[] {
  if (typeof result === 'object' && result !== null && (result as Record<symbol, unknown>)[manyMark] === 1) return (result as { values: Token[] }).values;
  return [];
}

/** Builds values from tokens, like JSON.parse: `__proto__` becomes an own key, never the prototype. */
class Builder {
  private readonly stack: (Record<string, unknown> | unknown[])[] = [];
  private readonly keys: string[] = [];
  private current: Record<string, unknown> | unknown[] | null = null;
  private key = '';
  /** The value just completed, when `add` or a closing token answered true. */
  value: unknown = undefined;

  /** Feeds one token; true when it completed a whole value. */
  add(token: Token): boolean {
    switch (token.name) {
      case 'startObject':
      case 'startArray': {
        if (this.current !== null) {
          this.stack.push(this.current);
          this.keys.push(this.key);
        }
        this.current = token.name === 'startObject' ? {} : [];
        return false;
      }
      case 'endObject':
      case 'endArray': {
        const done = this.current;
        this.current = this.stack.pop() ?? null;
        this.key = this.keys.pop() ?? '';
        return this.put(done);
      }
      case 'keyValue':
        this.key = token.value;
        return false;
      case 'stringValue':
        return this.put(token.value);
      case 'numberValue':
        return this.put(Number(token.value));
      case 'nullValue':
        return this.put(null);
      case 'trueValue':
        return this.put(true);
      case 'falseValue':
        return this.put(false);
      default:
        return false;
    }
  }

  private put(value: unknown): boolean {
    const container = this.current;
    if (container === null) {
      this.value = value;
      return true;
    }
    if (Array.isArray(container)) container.push(value);
    else if (this.key === '__proto__') Object.defineProperty(container, this.key, { value, writable: true, enumerable: true, configurable: true });
    else container[this.key] = value;
    return false;
  }
}

/** What a value that starts with this token looks like to a message, without reading it all. */
function standIn(token: Token): unknown {
  switch (token.name) {
    case 'startObject':
      return {};
    case 'startArray':
      return [];
    case 'stringValue':
      return token.value;
    case 'numberValue':
      return Number(token.value);
    case 'nullValue':
      return null;
    case 'trueValue':
      return true;
    case 'falseValue':
      return false;
    default:
      return undefined;
  }
}

type State = 'root' | 'key' | 'value' | 'version' | 'section' | 'record' | 'skip' | 'after';

/**
 * Reads the records of the document events by event: a top-level section's array elements are
 * built one at a time and handed over as `record` events (in document order, sections in the
 * order the file has them); other keys are skipped token by token. Events come in lists, one
 * per block read (`blockSize` bytes, 64 KiB by default), so memory holds a block and its records.
 */
export async function* fileEvents(file: string, options: { blockSize?: number; /** Each block of text as read (the import hashes them). */ onText?: (text: string) => void } = {}): AsyncGenerator<CatalogEvent[]> {
  const tokenize = jsonParser({ streamValues: false }) as unknown as Tokenizer;
  let state: State = 'root';
  let key = '';
  let section: CatalogSection = 'stores';
  let index = 0;
  let depth = 0;
  let builder = new Builder();
  let read = 0;
  let first = true;

  const feed = (tokens: Token[], events: CatalogEvent[]) => {
    for (const token of tokens) {
      switch (state) {
        case 'root':
          if (token.name === 'startObject') {
            events.push({ kind: 'document', value: {} });
            state = 'key';
          } else {
            // Not an object: nothing in it can be imported; the rest is not read.
            events.push({ kind: 'document', value: standIn(token) });
            return true;
          }
          break;
        case 'key':
          if (token.name === 'keyValue') {
            key = token.value;
            state = 'value';
          } else if (token.name === 'endObject') state = 'after';
          break;
        case 'value':
          if (key === 'version') {
            builder = new Builder();
            if (builder.add(token)) {
              events.push({ kind: 'version', value: builder.value });
              state = 'key';
            } else state = 'version';
          } else if (isSection(key) && token.name === 'startArray') {
            section = key;
            index = 0;
            events.push({ kind: 'start', section });
            state = 'section';
          } else {
            if (isSection(key)) events.push({ kind: 'value', section: key, value: standIn(token) });
            if (token.name === 'startObject' || token.name === 'startArray') {
              depth = 1;
              state = 'skip';
            } else state = 'key';
          }
          break;
        case 'version':
          if (builder.add(token)) {
            events.push({ kind: 'version', value: builder.value });
            state = 'key';
          }
          break;
        case 'section':
          if (token.name === 'endArray') {
            events.push({ kind: 'end', section });
            state = 'key';
            break;
          }
          builder = new Builder();
          state = 'record';
        // falls through: the token starts the record
        case 'record':
          if (builder.add(token)) {
            events.push({ kind: 'record', section, index, value: builder.value });
            index += 1;
            state = 'section';
          }
          break;
        case 'skip':
          if (token.name === 'startObject' || token.name === 'startArray') depth += 1;
          else if ((token.name === 'endObject' || token.name === 'endArray') && --depth === 0) state = 'key';
          break;
        case 'after':
          break;
      }
    }
    return false;
  };

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
      const events: CatalogEvent[] = [];
      const stop = feed(tokens, events);
      if (events.length > 0) yield events;
      if (stop) return;
    }
    let tokens: Token[];
    try {
      tokens = tokensOf(tokenize(none));
    } catch (error) {
      throw new CatalogSyntaxError(error instanceof Error ? error.message : String(error), read, read);
    }
    const events: CatalogEvent[] = [];
    feed(tokens, events);
    const ended = state as State;
    if (ended !== 'after' && !(ended === 'root' && events.length > 0)) throw new CatalogSyntaxError('the document ends before it is complete', read, read);
    if (events.length > 0) yield events;
  } finally {
    stream.destroy();
  }
}
