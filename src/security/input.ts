// Checks every request body and URL passes before anything else reads it, so that the rest of
// the code (validation, hashing, the database) only ever sees input it can handle: JSON nested at
// most maxJsonDepth levels, and no NUL character, which PostgreSQL cannot store in text (SQLite
// could; both refuse it alike).
import { AppError } from '../errors.js';

export const maxJsonDepth = 64;

const quote = 0x22;
const backslash = 0x5c;
const openBrace = 0x7b;
const openBracket = 0x5b;
const closeBrace = 0x7d;
const closeBracket = 0x5d;

/**
 * One pass over JSON text, without recursion: refuses nesting deeper than maxJsonDepth and the
 * escape `\u0000` in any string or key (a raw NUL is not valid JSON and JSON.parse refuses it).
 * Whether the text is JSON at all is left to JSON.parse.
 */
export function checkJsonText(text: string): void {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === backslash) {
        if (text.startsWith('u0000', index + 1)) throw nulRefused();
        index += 1;
      } else if (char === quote) {
        inString = false;
      }
    } else if (char === quote) {
      inString = true;
    } else if (char === openBrace || char === openBracket) {
      depth += 1;
      if (depth > maxJsonDepth) {
        throw new AppError('VALIDATION_FAILED', `JSON nested more than ${maxJsonDepth} levels deep`, { max_depth: maxJsonDepth });
      }
    } else if (char === closeBrace || char === closeBracket) {
      depth -= 1;
    }
  }
}

function nulRefused(): AppError {
  return new AppError('VALIDATION_FAILED', 'Text may not contain the NUL character (U+0000)');
}

/** A URL (path and query string) with an encoded NUL is refused before routing. */
export function checkUrl(url: string): void {
  if (url.includes('%00')) throw nulRefused();
}

/** For strings taken from elsewhere (GraphQL documents' literals, query-string JSON). */
export function checkText(text: string): void {
  if (text.includes('\u0000')) throw nulRefused();
}
