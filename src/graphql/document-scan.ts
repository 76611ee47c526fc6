// The first look at a GraphQL document, before it is parsed: one pass of graphql-js's own lexer
// that counts tokens and aliases and finds text that is not text (a lone surrogate, NUL), so
// that a document past the limits is refused before anything is built of it.
import { GraphQLError, Lexer, Source, TokenKind } from 'graphql';

export interface Scan {
  aliases: number;
  /** Where the first string literal holding U+0000 starts. */
  nul: { line: number; column: number } | undefined;
}

/**
 * A scan cut short: its text is over the limit, holds a lone surrogate, or is not GraphQL
 * (Apollo's own parse answers that).
 */
export type ScanStop = 'too many tokens' | 'syntax error' | { loneSurrogate: { line: number; column: number } };

/**
 * Half of a UTF-16 pair, raw or as an escape (`\uD800`, `\u{DC00}`), where the lexer stopped:
 * graphql-js refuses it as a syntax error; it is refused here as what it is, text that is not text.
 */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|[\uDC00-\uDFFF]/y;
const surrogateEscape = /\\u(?:\{0*[dD][89a-fA-F][0-9a-fA-F]{2}\}|[dD][89a-fA-F][0-9a-fA-F]{2})/y;

function isLoneSurrogateAt(source: string, position: number | undefined): boolean {
  if (position === undefined) return false;
  return [loneSurrogate, surrogateEscape].some((pattern) => {
    pattern.lastIndex = position;
    return pattern.test(source);
  });
}

/**
 * One pass of graphql-js's own lexer: tokens counted as its parser counts them (comments are
 * not tokens), stopping as soon as there are too many. In an executable document a colon outside
 * parentheses can only follow an alias (arguments, variables and object values are all inside
 * parentheses), so aliases are counted without parsing.
 */
export function scan(source: string, maxTokens: number): Scan | ScanStop {
  const lexer = new Lexer(new Source(source));
  let tokens = 0;
  let parentheses = 0;
  const found: Scan = { aliases: 0, nul: undefined };
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      tokens += 1;
      if (tokens > maxTokens) return 'too many tokens';
      if (token.kind === TokenKind.PAREN_L) parentheses += 1;
      else if (token.kind === TokenKind.PAREN_R) parentheses -= 1;
      else if (token.kind === TokenKind.COLON && parentheses === 0) found.aliases += 1;
      else if (
        (token.kind === TokenKind.STRING || token.kind === TokenKind.BLOCK_STRING) &&
        found.nul === undefined &&
        token.value.includes('\u0000')
      ) {
        found.nul = { line: token.line, column: token.column };
      }
    }
  } catch (error) {
    if (!(error instanceof GraphQLError)) return 'syntax error';
    const at = error.locations?.[0];
    return at && isLoneSurrogateAt(source, error.positions?.[0])
      ? { loneSurrogate: { line: at.line, column: at.column } }
      : 'syntax error';
  }
  return found;
}

/** What a selection asks for, independent of where it is spread: fragments are walked once. */
