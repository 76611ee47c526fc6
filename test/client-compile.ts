// Type-checks code as a client's own project would (strict, ES2022 modules resolved as a bundler
// does), and answers the compiler's problems: none when the code compiles. `types` are the global
// declarations the project has (e.g. ['node']); none by default.
import ts from 'typescript';

export function compileProblems(files: string[], types: string[] = []): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}
