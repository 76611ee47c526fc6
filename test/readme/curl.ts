// The `curl` commands of the documents, read as a POSIX shell reads them, as requests the tests
// send to the app: the README's first query (first-query.test.ts) and the examples of the
// documents (examples.test.ts).

/** A command line's words as a POSIX shell splits them: single quotes literal, `\` escapes outside them. */
export function words(line: string): string[] {
  const out: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (char === "'") {
      const end = line.indexOf("'", i + 1);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (char === '\\') word = (word ?? '') + line[++i];
    else if (char === ' ' || char === '\t') {
      if (word !== null) out.push(word);
      word = null;
    } else word = (word ?? '') + char;
  }
  if (word !== null) out.push(word);
  return out;
}

export interface CurlRequest {
  method: 'GET' | 'HEAD' | 'POST';
  /** As written, without its scheme: `localhost:4000/product/101`. */
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The fenced blocks of a language in a Markdown text. */
export function fenced(markdown: string, language: string): string[] {
  return [...markdown.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1]!);
}

/** The lines of shell blocks that are curl commands (continued lines joined, trailing comments dropped). */
export function curlLines(blocks: readonly string[]): string[] {
  return blocks
    .flatMap((block) => block.replace(/\\\n\s*/g, ' ').split('\n'))
    .filter((line) => line.startsWith('curl '))
    .map((line) => line.replace(/\s+#.*$/, ''));
}

/** A curl command line as the request it sends (the options the documents use: -H, -d, -I, -s). */
export function curlRequest(line: string): CurlRequest {
  const args = words(line).slice(1);
  const headers: Record<string, string> = {};
  let url = '';
  let body: string | undefined;
  let head = false;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-H') {
      const [name = '', ...value] = args[++i]!.split(':');
      headers[name.trim().toLowerCase()] = value.join(':').trim();
    } else if (args[i] === '-d') body = args[++i];
    else if (args[i] === '-I') head = true;
    else if (args[i] === '-s') continue;
    else if (args[i]!.startsWith('-')) throw new Error(`an option this test does not read: ${args[i]}`);
    else url = args[i]!.replace(/^https?:\/\//, '');
  }
  const method = head ? 'HEAD' : body === undefined ? 'GET' : 'POST';
  return { method, url, headers, body };
}
