// Checks every request body and URL passes before anything else reads it, so that the rest of
// the code (validation, hashing, the database) only ever sees input it can handle: JSON nested at
// most maxJsonDepth levels, no NUL character, which PostgreSQL cannot store in text (SQLite
// could; both refuse it alike), and no lone surrogate (half of a UTF-16 pair, which JSON can
// escape as "\ud800" but UTF-8 cannot hold: SQLite kept U+FFFD in its place, answering what was
// sent). URLs cannot carry a lone surrogate: a percent-encoded one is not UTF-8, so a path
// holding one is refused as badly encoded and a query string keeps it as the "%ED%A0%80" it was.
import { AppError } from '../errors.js';

export const maxJsonDepth = 64;

const quote = 0x22;
const backslash = 0x5c;
const openBrace = 0x7b;
const openBracket = 0x5b;
const closeBrace = 0x7d;
const closeBracket = 0x5d;
const letterU = 0x75;

const isSurrogate = (codeUnit: number) => (codeUnit & 0xf800) === 0xd800;
const isHighSurrogate = (codeUnit: number) => (codeUnit & 0xfc00) === 0xd800;
const isLowSurrogate = (codeUnit: number) => (codeUnit & 0xfc00) === 0xdc00;

/**
 * The UTF-16 unit that the escape `\uXXXX` starting at `at` (its backslash) stands for; undefined
 * for any other escape.
 */
function escapedUnit(text: string, at: number): number | undefined {
  if (text.charCodeAt(at + 1) !== letterU) return undefined;
  const hex = text.slice(at + 2, at + 6);
  return /^[0-9a-fA-F]{4}$/.test(hex) ? Number.parseInt(hex, 16) : undefined;
}

/**
 * One pass over JSON text, without recursion: refuses nesting deeper than maxJsonDepth, the
 * escape `\u0000` in any string or key (a raw NUL is not valid JSON and JSON.parse refuses it),
 * and lone surrogates, escaped or not, naming where the first one is. Whether the text is JSON
 * at all is left to JSON.parse. `name` says what the text is, for that path ("variables" of a
 * GraphQL GET); a request body's paths start at its fields.
 */
export function checkJsonText(text: string, name = ''): void {
  let depth = 0;
  let inString = false;
  let lone = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === backslash) {
        const codeUnit = escapedUnit(text, index);
        if (codeUnit === undefined) {
          index += 1;
        } else if (codeUnit === 0) {
          throw nulRefused();
        } else if (isHighSurrogate(codeUnit) && isLowSurrogate(escapedUnit(text, index + 6) ?? 0)) {
          index += 11;
        } else {
          lone ||= isSurrogate(codeUnit);
          index += 5;
        }
      } else if (char === quote) {
        inString = false;
      } else if (isSurrogate(char)) {
        if (isHighSurrogate(char) && isLowSurrogate(text.charCodeAt(index + 1))) index += 1;
        else lone = true;
      }
    } else if (char === quote) {
      inString = true;
    } else if (char === openBrace || char === openBracket) {
      depth += 1;
      if (depth > maxJsonDepth) {
        throw new AppError('VALIDATION_FAILED', `JSON nested more than ${maxJsonDepth} levels deep`, {
          max_depth: maxJsonDepth,
        });
      }
    } else if (char === closeBrace || char === closeBracket) {
      depth -= 1;
    }
  }
  if (lone) {
    // The value decides (and names where): nested at most maxJsonDepth levels, as checked above.
    const path = illFormedPathOf(text, name);
    if (path !== undefined) throw loneSurrogateRefused(path);
  }
}

function nulRefused(): AppError {
  return new AppError('VALIDATION_FAILED', 'Text may not contain the NUL character (U+0000)');
}

function loneSurrogateRefused(path: string): AppError {
  const field = path.slice(0, 200);
  const where = field === '' ? 'The text holds' : `${field} holds`;
  return new AppError(
    'VALIDATION_FAILED',
    `${where} a lone surrogate (half of a UTF-16 pair, \\ud800 to \\udfff), which is not text`,
    field === '' ? undefined : { field },
  );
}

/**
 * Where the parsed text holds a string that is not well-formed; undefined when none (or not JSON:
 * JSON.parse answers that).
 */
function illFormedPathOf(text: string, name: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return illFormedPath(value, name);
}

/** Where the first string or key that is not well-formed Unicode is: `a.b[2].c`. */
function illFormedPath(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.isWellFormed() ? undefined : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = illFormedPath(item, `${path}[${index}]`);
      if (found !== undefined) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path === '' ? key.toWellFormed() : `${path}.${key.toWellFormed()}`;
      if (!key.isWellFormed()) return at;
      const found = illFormedPath(item, at);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** A URL (path and query string) with an encoded NUL is refused before routing. */
export function checkUrl(url: string): void {
  if (url.includes('%00')) throw nulRefused();
}

/** For strings taken from elsewhere (GraphQL documents' literals, query-string JSON). */
export function checkText(text: string): void {
  if (text.includes('\u0000')) throw nulRefused();
}
