// The thread side of player-events-thread.ts: each flush written on a SQLite connection of its own,
// at the lowest scheduling priority, in transactions of at most 500 events, the event loop let go
// between them (player-events-thread.write.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { sqliteExecutor } from '../db/sql-executor.js';
import { lowestThreadPriority } from '../thread-priority.js';
import { fromBatch, toBatch } from './player-events.batch.js';
import { CountMemory } from './player-events.memory.js';
import { PlayerEventRepository, type PendingKey } from './player-events.repository.js';
import { writeInGroups } from './player-events-thread.write.js';
import { outcomeOf, type EventThreadData, type FromEventThread, type ToEventThread } from './player-events-thread.js';

lowestThreadPriority();
const port = parentPort!;
const { file, synchronous } = workerData as EventThreadData;
const executor = sqliteExecutor(file, { synchronous });
const repository = new PlayerEventRepository(executor);
const memory = new CountMemory();

async function answer(id: number, keys: PendingKey[]): Promise<FromEventThread> {
  const { outcome, error } = await writeInGroups(keys, {
    memory,
    record: (group) => repository.record(group),
    between: () => new Promise((resolve) => setImmediate(resolve)),
  });
  const { counted, written: done, unwritten } = outcomeOf(keys, outcome, error);
  return {
    id,
    counted,
    written: done,
    unwritten: unwritten.length > 0 ? toBatch(unwritten) : null,
    error,
  };
}

port.on('message', (message: ToEventThread) => {
  if (message === 'stop') {
    executor.close();
    port.postMessage('stopped' satisfies FromEventThread);
    process.exit(0);
  }
  void answer(message.id, fromBatch(message.batch)).then((outcome) => port.postMessage(outcome));
});
