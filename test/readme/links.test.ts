// Every relative link of the project's documents resolves: README.md, ARCHITECTURE.md, CONTRIBUTING.md,
// bench/README.md and docs/*.md. A link names a file or folder the repository holds, and its `#anchor`,
// if it has one, is a heading of that Markdown file, slugged as GitHub does. Links out (https:, mailto:)
// are not followed; links inside code (fenced blocks, `code spans`) are not links.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** The documents checked, relative to the root. */
function documents(base: string): string[] {
  const docs = readdirSync(join(base, 'docs')).filter((name) => name.endsWith('.md'));
  return ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md', 'bench/README.md', ...docs.map((name) => `docs/${name}`)];
}

/** The text outside fenced code blocks, with code spans blanked (a link's text may hold one). */
function prose(text: string): string {
  let fenced = false;
  const lines = text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
  return lines.join('\n').replace(/(`+)[\s\S]*?\1/g, 'code');
}

/** GitHub's anchor of a heading (github-slugger): lower case, punctuation and symbols dropped, spaces to hyphens. */
function slug(heading: string): string {
  const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings; a repeated one gets -1, -2, … as on GitHub. */
function anchors(text: string): Set<string> {
  const seen = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]!);
    let anchor = base;
    for (let n = 1; seen.has(anchor); n++) anchor = `${base}-${n}`;
    seen.add(anchor);
  }
  return seen;
}

/** Inline links and images, and reference definitions: their targets, as written. */
function targets(text: string): string[] {
  const body = prose(text);
  const inline = [...body.matchAll(/!?\[(?:[^[\]]|\[[^[\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)];
  const definitions = [...body.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)];
  return [...inline, ...definitions].map((match) => match[1]!);
}

/** Each link of the documents under `base` that does not resolve, as `file: target (why)`. */
function brokenLinks(base: string, files: string[]): { links: number; broken: string[] } {
  const broken: string[] = [];
  let links = 0;
  for (const file of files) {
    for (const target of targets(readFileSync(join(base, file), 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      links++;
      const [path = '', anchor] = decodeURI(target).split('#');
      const resolved = path.startsWith('/')
        ? join(base, path)
        : path
          ? resolve(base, dirname(file), path)
          : join(base, file);
      const why = !`${resolved}${sep}`.startsWith(`${base}${sep}`)
        ? 'outside the repository'
        : !existsSync(resolved)
          ? 'no such file'
          : anchor === undefined
            ? null
            : !resolved.endsWith('.md')
              ? 'an anchor in a file that is not Markdown'
              : anchors(readFileSync(resolved, 'utf8')).has(anchor)
                ? null
                : `no heading #${anchor} in ${relative(base, resolved)}`;
      if (why) broken.push(`${file}: ${target} (${why})`);
    }
  }
  return { links, broken };
}

describe("the documents' links", () => {
  it('resolve, each to a file of the repository and a heading of it', () => {
    const { links, broken } = brokenLinks(root, documents(root));
    expect(broken).toStrictEqual([]);
    // the README links every page of docs/, and the pages each other
    expect(links).toBeGreaterThan(60);
  });

  it('every page of docs/ is linked from the README and from docs/README.md', () => {
    const pages = documents(root).filter((file) => file.startsWith('docs/') && file !== 'docs/README.md');
    expect(pages.length).toBeGreaterThanOrEqual(15);
    const readme = new Set(targets(readFileSync(join(root, 'README.md'), 'utf8')));
    const index = new Set(targets(readFileSync(join(root, 'docs', 'README.md'), 'utf8')).map((link) => `docs/${link}`));
    expect(pages.filter((page) => !readme.has(page) || !index.has(page))).toStrictEqual([]);
  });

  it('sees a missing file, a missing heading, a link out of the repository and an anchor in a text file', () => {
    const base = mkdtempSync(join(tmpdir(), 'links-'));
    mkdirSync(join(base, 'docs'));
    writeFileSync(join(base, 'CONTRIBUTING.md'), '# Contributing\n\n## Rules the tests keep\n');
    writeFileSync(
      join(base, 'README.md'),
      '# Title\n\n## Rules: `kept`, tested (twice)\n\n## Rules: `kept`, tested (twice)\n',
    );
    writeFileSync(join(base, 'notes.txt'), 'top\n');
    const page = [
      '# A page',
      '[fine](../CONTRIBUTING.md#rules-the-tests-keep) [the second](../README.md#rules-kept-tested-twice-1)',
      '[here](#a-page) ![image](../notes.txt) [out](https://example.com/#nowhere) [folder](../docs/)',
      '`[code](nothing.md)` and',
      '```md',
      '[fenced](nothing.md)',
      '```',
      '[gone](nothing.md) [heading](../CONTRIBUTING.md#rules) [away](../../elsewhere.md)',
      '[text](../notes.txt#top) [self](#nope)',
    ].join('\n');
    writeFileSync(join(base, 'docs', 'page.md'), page);
    expect(brokenLinks(base, ['docs/page.md'])).toStrictEqual({
      links: 10,
      broken: [
        'docs/page.md: nothing.md (no such file)',
        'docs/page.md: ../CONTRIBUTING.md#rules (no heading #rules in CONTRIBUTING.md)',
        'docs/page.md: ../../elsewhere.md (outside the repository)',
        'docs/page.md: ../notes.txt#top (an anchor in a file that is not Markdown)',
        'docs/page.md: #nope (no heading #nope in docs/page.md)',
      ],
    });
  });
});
