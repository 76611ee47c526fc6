// The TypeScript compile of npm run dev, kept in memory between builds (a worker thread of
// scripts/dev.mjs). tsc run anew reads and parses the program's 1,400-odd files (the packages'
// declarations among them) before it checks the one that changed: some 6 s a build on two cores.
// Here the parsed files stay between builds, and a change parses again only the files it names;
// the builder then checks what the change affects and emits it, as `tsc -p tsconfig.build.json`
// would (the same options, noEmitOnError, the same incremental build info, which the first compile
// starts from), with its errors as tsc prints them.
//
// Messages: { compile: string[] } (absolute paths of the files or folders changed since the last
// compile; the first compile reads everything) → { ok: boolean, output: string } (the errors).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const { root } = workerData;
const ts = createRequire(join(root, 'package.json'))('typescript');

const configPath = join(root, 'tsconfig.build.json');
const formatHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: () => root,
  getNewLine: () => ts.sys.newLine,
};
/** Parsed files by name, until a change names them. */
const parsed = new Map();
/** The last compile's program: what the next one reuses. */
let builder;

function readConfig() {
  let unrecoverable;
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => (unrecoverable = diagnostic) },
  );
  return { config, unrecoverable };
}

/** tsc's words for them, in colour on a terminal. */
function report(diagnostics) {
  const format = workerData.colour ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
  const errors = diagnostics.filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error).length;
  return `${format(diagnostics, formatHost)}${errors > 0 ? `\nFound ${errors} error${errors === 1 ? '' : 's'}.\n` : ''}`;
}

function forget(changed) {
  for (const path of changed)
    for (const fileName of parsed.keys())
      if (fileName === path || fileName.startsWith(`${path}/`)) parsed.delete(fileName);
}

function compile(changed) {
  forget(changed);
  const { config, unrecoverable } = readConfig();
  if (!config) return { ok: false, output: report([unrecoverable]) };
  const host = ts.createIncrementalCompilerHost(config.options, ts.sys);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, ...rest) => {
    let file = parsed.get(fileName);
    if (!file) {
      file = read(fileName, ...rest);
      if (file) parsed.set(fileName, file);
    }
    return file;
  };
  builder = ts.createEmitAndSemanticDiagnosticsBuilderProgram(
    config.fileNames,
    config.options,
    host,
    builder ?? ts.readBuilderProgram(config.options, host),
    ts.getConfigFileParsingDiagnostics(config),
    config.projectReferences,
  );
  const diagnostics = [
    ...builder.getConfigFileParsingDiagnostics(),
    ...builder.getOptionsDiagnostics(),
    ...builder.getGlobalDiagnostics(),
    ...builder.getSyntacticDiagnostics(),
    ...builder.getSemanticDiagnostics(),
  ];
  if (diagnostics.some((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error))
    return { ok: false, output: report(diagnostics) };
  const emitted = builder.emit();
  return { ok: !emitted.emitSkipped, output: report(emitted.diagnostics) };
}

parentPort.on('message', ({ compile: changed }) => {
  try {
    parentPort.postMessage(compile(changed));
  } catch (error) {
    parentPort.postMessage({ ok: false, output: `${error?.stack ?? error}\n` });
  }
});
