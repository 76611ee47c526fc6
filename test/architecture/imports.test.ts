// No import cycles in src/: neither between two files (what `madge --circular` reports) nor
// between two folders (a feature folder and whatever it imports must not lean on each other), be
// they top folders or any folder below (catalog/import/ and catalog/import/validate/ are two).
// Root files are nodes of their own: the composition root (app.ts, context.ts, schema.ts, …)
// imports every feature, and features import only its leaves (errors.ts, config.ts, timing.ts).
// Type-only imports count: a cycle of types is still a cycle of knowledge.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles, sourceRoot } from './source-files.js';

type Graph = Map<string, Set<string>>;

function importGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(sourceRoot)) {
    const from = relative(sourceRoot, file);
    const targets = new Set<string>();
    for (const imported of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!imported.fileName.startsWith('.')) continue;
      targets.add(relative(sourceRoot, resolve(dirname(file), imported.fileName.replace(/\.js$/, '.ts'))));
    }
    graph.set(from, targets);
  }
  return graph;
}

/** A file's node in the folder graph: its top folder under src/, or the root file itself. */
function folderOf(file: string): string {
  const slash = file.indexOf('/');
  return slash === -1 ? file : `${file.slice(0, slash)}/`;
}

/** A file's node in the graph of every folder: the folder it is in (its own, not its top one), or the root file. */
function directoryOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash === -1 ? file : file.slice(0, slash + 1);
}

function folderGraph(files: Graph, nodeOf: (file: string) => string = folderOf): Graph {
  const graph: Graph = new Map();
  for (const [from, targets] of files) {
    const node = nodeOf(from);
    const edges = graph.get(node) ?? new Set<string>();
    for (const target of targets) if (nodeOf(target) !== node) edges.add(nodeOf(target));
    graph.set(node, edges);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, as the path that closes it (iterative: no recursion). */
function cycles(graph: Graph): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const found: string[][] = [];
  for (const start of graph.keys()) {
    if (state.has(start)) continue;
    const path: string[] = [];
    const stack: { node: string; next: Iterator<string> }[] = [];
    const enter = (node: string) => {
      state.set(node, 'open');
      path.push(node);
      stack.push({ node, next: (graph.get(node) ?? new Set<string>()).values() });
    };
    enter(start);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const step = top.next.next();
      if (step.done) {
        state.set(top.node, 'done');
        stack.pop();
        path.pop();
        continue;
      }
      const target = step.value;
      if (state.get(target) === 'open') found.push([...path.slice(path.indexOf(target)), target]);
      else if (!state.has(target)) enter(target);
    }
  }
  return found;
}

/** The client's REST types, generated from the OpenAPI document. */
const restTypes = 'client/generated/rest-api.ts';

/** Whether every import of `target` in `from` (both relative to src/) is `import type`. */
function typeOnly(from: string, target: string): boolean {
  const file = resolve(sourceRoot, from);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const imports = source.statements.filter(
    (statement): statement is ts.ImportDeclaration =>
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      relative(sourceRoot, resolve(dirname(file), statement.moduleSpecifier.text.replace(/\.js$/, '.ts'))) === target,
  );
  return imports.length > 0 && imports.every((statement) => statement.importClause?.isTypeOnly === true);
}

describe('imports of src/', () => {
  const files = importGraph();

  it('finds the modules it checks', () => {
    expect(files.size).toBeGreaterThan(80);
    expect(files.get('app.ts')).toContain('schema.ts');
  });

  it('has no circular imports between files', () => {
    expect(cycles(files).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('has no circular imports between folders', () => {
    expect(cycles(folderGraph(files)).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('has no circular imports between folders at any depth: a folder and the folders in it import one way', () => {
    expect(cycles(folderGraph(files, directoryOf)).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('keeps the catalog import apart: nothing outside catalog/import/ imports it but the entry points that run it', () => {
    // The read side (routes, resolvers, caches, stored answers) must not lean on the import;
    // the demo seed loads the demo catalog with it (the server logs its report), the schema printer
    // prints its JSON Schema. The media admin API checks a media item with the import's own rules
    // and messages: it may call the import's checks of a media item (validate/media.ts and the
    // Checker they report to), nothing else of the import.
    const runners = new Set(['server.ts', 'demo-seed.ts', 'schema.cli.ts']);
    const importChecks = new Set(['catalog/import/validate/media.ts', 'catalog/import/validate/checker.ts']);
    const leaning = [...files]
      .filter(([from]) => !from.startsWith('catalog/import/') && !runners.has(from))
      .flatMap(([from, targets]) =>
        [...targets]
          .filter((target) => target.startsWith('catalog/import/'))
          .filter((target) => !(from.startsWith('media/') && importChecks.has(target)))
          .map((target) => `${from} → ${target}`),
      );
    expect(leaning).toEqual([]);
    // What the exception lets through is used (were it not, it should go).
    expect(files.get('media/media.input.ts')).toContain('catalog/import/validate/media.ts');
  });

  it('keeps the client for shops apart: client/ imports nothing of the server, and the server nothing of it', () => {
    // A shop copies or installs src/client/ without the gateway; the gateway never needs its client.
    // The studio's browser app is a client of the REST API too (bundled apart, never run by the
    // server): it may take the generated REST types, as types only (nothing of them is bundled).
    const crossing = [...files].flatMap(([from, targets]) =>
      [...targets]
        .filter((target) => from.startsWith('client/') !== target.startsWith('client/'))
        .filter((target) => !(from.startsWith('studio/app/') && target === restTypes && typeOnly(from, target)))
        .map((target) => `${from} → ${target}`),
    );
    expect(crossing).toEqual([]);
    expect(files.get('client/rest.ts')).toBeDefined();
    // What the exception lets through is used (were it not, it should go).
    expect(files.get('studio/app/api.ts')).toContain(restTypes);
  });

  it('keeps the catalog’s answers to the catalog: orders/ and cart/ import none of its stored answers, versions, views, caches or service', () => {
    // A write that moves stock says so on its transaction (events/stock-events.ts); the catalog's
    // handler, registered by services.ts, rewrites its answers and updates its caches.
    const answers = [
      'catalog/catalog-version.repository.ts',
      'catalog/product-answer.repository.ts',
      'catalog/catalog.view.ts',
      'catalog/catalog.cache.ts',
      'catalog/catalog.service.ts',
    ];
    for (const file of answers) expect(files.has(file), file).toBe(true);
    const leaning = [...files]
      .filter(([from]) => from.startsWith('orders/') || from.startsWith('cart/'))
      .flatMap(([from, targets]) =>
        [...targets].filter((target) => answers.includes(target)).map((target) => `${from} → ${target}`),
      );
    expect(leaning).toEqual([]);
  });

  it('builds views only at the edges: no service imports a view', () => {
    // Services answer records; REST routes (*.view.ts), GraphQL types and webhook payloads shape them.
    const services = [...files.keys()].filter((file) => file.endsWith('.service.ts'));
    expect(services.length).toBeGreaterThan(5);
    const leaning = services.flatMap((from) =>
      [...files.get(from)!].filter((target) => target.endsWith('.view.ts')).map((target) => `${from} → ${target}`),
    );
    expect(leaning).toEqual([]);
  });

  it('sees a cycle when there is one', () => {
    const looped: Graph = new Map([
      ['cart/a.ts', new Set(['orders/b.ts'])],
      ['orders/b.ts', new Set(['orders/c.ts'])],
      ['orders/c.ts', new Set(['cart/d.ts'])],
      ['cart/d.ts', new Set<string>()],
    ]);
    expect(cycles(looped)).toEqual([]);
    expect(cycles(folderGraph(looped))).toEqual([['cart/', 'orders/', 'cart/']]);
    const nested: Graph = new Map([
      ['catalog/import/a.ts', new Set(['catalog/import/validate/b.ts'])],
      ['catalog/import/validate/b.ts', new Set(['catalog/import/c.ts'])],
      ['catalog/import/c.ts', new Set<string>()],
    ]);
    expect(cycles(nested)).toEqual([]);
    expect(cycles(folderGraph(nested))).toEqual([]);
    expect(cycles(folderGraph(nested, directoryOf))).toEqual([
      ['catalog/import/', 'catalog/import/validate/', 'catalog/import/'],
    ]);
  });
});
