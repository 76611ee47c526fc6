// The one client type the code sees, whichever engine is behind it (database.ts opens it): both
// clients are generated from the same data model. Apart from database.ts so that the modules
// database.ts itself builds on (transaction.ts, sql-executor.ts) can name it.
import type { PrismaClient as SqliteClient, Prisma } from './generated/sqlite/client.js';

export type Db = SqliteClient;
/** A client or the client of an open transaction: what repositories accept. */
export type DbClient = Db | Prisma.TransactionClient;
export type { Prisma };
