// ESLint (npm run lint): @eslint/js's recommended rules, typescript-eslint's recommended ones (the
// preset without type information; `npm run typecheck` checks the types), three type-aware rules
// on promises, and the length of src/'s lines. Formatting is Prettier's (.prettierrc.json), not
// ESLint's, but for what Prettier leaves as written: comments, strings and template literals.
// Generated, built and local files are not linted: they are written by commands, not by hand.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    'dist/',
    'coverage/',
    'data/',
    'src/db/generated/', // the Prisma clients (npm run prisma:generate)
    'test/gql/', // typed documents (npm run codegen)
    'src/client/generated/', // the client's typed documents and REST types (npm run generate)
    'schema/', // the contracts and possible-types.ts (npm run generate)
    'test/.tmp/',
    'bench/data/',
    'bench/results/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // The codebase's convention: a name starting with _ is unused on purpose (a parameter kept
      // for a signature, an element skipped in a destructuring, a property left out of a rest).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // Three rules that need the types, for promises a server must not lose: not awaited nor
    // handled, given where a callback's result is ignored, awaited when not one. They take the
    // run from about 10 s to about 30 s (the tsconfig nearest each file: the root's, the player's,
    // the studio's).
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // CommonJS files (a module preloaded with --require) load with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Lines of src/ within 120 characters, comments, strings, template literals (SQL, HTML, CSS)
    // and regular expressions included: Prettier wraps code at that width but leaves those as
    // written. Only a line holding a URL may run longer. (max-len is core ESLint's, deprecated for
    // formatting but kept until ESLint 11.)
    files: ['src/**/*.ts'],
    rules: {
      'max-len': [
        'error',
        {
          code: 120,
          tabWidth: 2,
          ignoreUrls: true,
          ignoreComments: false,
          ignoreStrings: false,
          ignoreTemplateLiterals: false,
          ignoreRegExpLiterals: false,
        },
      ],
    },
  },
  {
    // The player and the studio run in browsers.
    files: ['src/embed/player/**/*.ts', 'src/studio/app/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
