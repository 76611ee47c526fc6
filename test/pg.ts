// Which engine the suite runs on, shared by test/helpers.ts and vitest.config.ts: SQLite unless
// TEST_DATABASE=postgresql (npm run test:pg), which uses the server of TEST_PG_URL (a role with
// CREATEDB).
export const testEngine = process.env.TEST_DATABASE === 'postgresql' ? 'postgresql' : 'sqlite';
export const testPgUrl = process.env.TEST_PG_URL ?? 'postgresql://gateway:gateway@127.0.0.1:5432/gateway';
