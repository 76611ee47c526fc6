// Every test that runs asserts something: a test body (the callback of `it(…)` or `test(…)`, with
// their modifiers: `it.each(…)(…)`, `it.skipIf(…)(…)`, …) calls `expect`, or a helper named
// assert…, check… or expect…, or a function that does, declared in its file or imported from
// another test file. A test that only logs or only runs code passes whatever happens. Skipped and
// todo tests (`it.skip`, `it.todo`) never run, so they claim nothing: a placeholder saying where a
// test runs may stay empty.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const testRoot = resolve(import.meta.dirname, '..');
/** Folders of generated or scratch files. */
const skipped = new Set(['gql', '.tmp', 'fixtures']);

function testFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** `it`, `test` and their modifiers, as written before the call's arguments. */
const testCallee = /^(it|test)(\.(only|skip|concurrent|sequential|fails|each|for|skipIf|runIf|todo))*$/;
/** Never run: nothing to assert. */
const neverRuns = /^(it|test)(\.\w+)*\.(skip|todo)$/;
/** Names of what asserts: vitest's `expect`, and helpers named for it. */
const assertingName = /^(expect|assert|check)/;

type Fn = ts.FunctionLikeDeclaration & { body: ts.Node };

/** `name(…)`, `name.member(…)` (`expect.poll(…)`) or `object.name(…)`: a name that is called, not a value. */
function called(name: ts.Identifier): boolean {
  const parent = name.parent;
  if (ts.isCallExpression(parent)) return parent.expression === name;
  if (!ts.isPropertyAccessExpression(parent)) return false;
  if (parent.expression === name) return true;
  return parent.name === name && ts.isCallExpression(parent.parent) && parent.parent.expression === parent;
}

const isFunction = (node: ts.Node | undefined): node is Fn =>
  node !== undefined && (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && node.body !== undefined;

/** A file's source and declarations, read once. */
class Sources {
  private readonly parsed = new Map<string, ts.SourceFile>();
  private readonly declared = new Map<string, ReturnType<typeof declarationsOf>>();

  constructor(private readonly read: (file: string) => string) {}

  get(file: string): ts.SourceFile {
    let source = this.parsed.get(file);
    if (!source) {
      source = ts.createSourceFile(file, this.read(file), ts.ScriptTarget.Latest, true);
      this.parsed.set(file, source);
    }
    return source;
  }

  declarations(file: string): ReturnType<typeof declarationsOf> {
    let declarations = this.declared.get(file);
    if (!declarations) {
      declarations = declarationsOf(this.get(file));
      this.declared.set(file, declarations);
    }
    return declarations;
  }
}

/** The functions a file declares by name (at any depth), and the names it imports from test files. */
function declarationsOf(source: ts.SourceFile) {
  const functions = new Map<string, Fn[]>();
  const imports = new Map<string, { file: string; name: string }>();
  const add = (name: string, fn: Fn) => functions.set(name, [...(functions.get(name) ?? []), fn]);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body) add(node.name.text, node as Fn);
    else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && isFunction(node.initializer))
      add(node.name.text, node.initializer);
    else if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const specifier = node.moduleSpecifier.text;
      const file = resolve(dirname(source.fileName), specifier.replace(/\.js$/, '.ts'));
      const named = node.importClause?.namedBindings;
      if (specifier.startsWith('.') && named && ts.isNamedImports(named))
        for (const element of named.elements)
          imports.set(element.name.text, { file, name: (element.propertyName ?? element.name).text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { functions, imports };
}

/** Whether a function asserts: it makes an asserting call, or calls a function of its file or imported that does. */
class AssertionFinder {
  private readonly known = new Map<string, boolean>();

  constructor(
    private readonly sources: Sources,
    private readonly exists: (file: string) => boolean,
  ) {}

  asserts(fn: Fn, file: string): boolean {
    const { functions, imports } = this.sources.declarations(file);
    let found = false;
    const visit = (node: ts.Node) => {
      if (found) return;
      if (ts.isIdentifier(node)) {
        const name = node.text;
        if (assertingName.test(name)) found = called(node);
        else if (ts.isCallExpression(node.parent) && node.parent.expression === node) {
          const declared = functions.get(name) ?? [];
          found =
            declared.some((other) => other !== fn && this.declaredAsserts(file, name, other)) ||
            this.importedAsserts(imports.get(name));
        }
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(fn.body);
    return found;
  }

  private declaredAsserts(file: string, name: string, declared: Fn): boolean {
    const key = `${file}#${name}@${declared.pos}`;
    const known = this.known.get(key);
    if (known !== undefined) return known;
    this.known.set(key, false); // a recursive call does not assert by itself
    const answer = this.asserts(declared, file);
    this.known.set(key, answer);
    return answer;
  }

  private importedAsserts(imported: { file: string; name: string } | undefined): boolean {
    if (!imported || !this.exists(imported.file)) return false;
    const declared = this.sources.declarations(imported.file).functions.get(imported.name) ?? [];
    return declared.some((fn) => this.declaredAsserts(imported.file, imported.name, fn));
  }
}

/** The tests of a file that run and assert nothing: where they are and their names. */
function silentTests(file: string, sources: Sources, finder: AssertionFinder): string[] {
  const source = sources.get(file);
  const silent: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = ts.isCallExpression(node.expression) ? node.expression.expression : node.expression;
      const name = callee.getText(source).replace(/\s+/g, '');
      const body = [...node.arguments].reverse().find((argument) => isFunction(argument)) as Fn | undefined;
      if (testCallee.test(name) && !neverRuns.test(name) && body && !finder.asserts(body, file)) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        silent.push(`${relative(testRoot, file)}:${line}: ${node.arguments[0]?.getText(source) ?? ''}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return silent;
}

describe('tests that assert', () => {
  it('has no test in test/ that runs and asserts nothing', () => {
    const sources = new Sources((file) => readFileSync(file, 'utf8'));
    const finder = new AssertionFinder(sources, existsSync);
    const files = testFiles(testRoot);
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => silentTests(file, sources, finder))).toStrictEqual([]);
  });

  it('sees a test that asserts nothing when there is one, and helpers that assert when there are', () => {
    const texts: Record<string, string> = {
      '/t/a.test.ts': `
        import { checked } from './helper.js';
        async function submitAndSee(n: number) { expect(n).toBe(1); }
        const ranOnly = () => run();
        it('logs only', () => { console.info('nothing asserted'); });
        it.runIf(pg)('runs code only', async () => { await ranOnly(); });
        it('asserts', () => { expect(1).toBe(1); });
        it.each([1])('through a local helper %i', async (n) => { await submitAndSee(n); });
        it('through an imported helper', () => checked());
        it('through a helper named for it', () => assertSorted([1]));
        it('through a method named for it', async () => { await hook.expectDelivered(); });
        it('names an expected value only', () => { const expected = 1; run(expected); });
        it.skip('runs elsewhere', () => {});
        it.todo('later');
      `,
      '/t/helper.ts': `export function checked() { return inner(); }\nfunction inner() { expect(2).toBe(2); }`,
    };
    const sources = new Sources((file) => texts[file]!);
    const finder = new AssertionFinder(sources, (file) => file in texts);
    expect(silentTests('/t/a.test.ts', sources, finder).map((found) => found.replace(/^.*: /, ''))).toStrictEqual([
      "'logs only'",
      "'runs code only'",
      "'names an expected value only'",
    ]);
  });
});
