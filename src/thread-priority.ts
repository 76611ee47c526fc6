// A background thread's scheduling priority below the event loop's (Linux, where a priority is a
// thread's own, named by its id in /proc/thread-self): on a busy machine the main thread, which
// serves requests, gets a core first. Elsewhere, or where it is not allowed, the thread keeps the
// process's priority. For the threads started from a compiled module (the ES module scope: no
// `require`); the webhook sender's thread, given its code as source, has its own copy
// (events/sender-thread.ts).
import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';

/** Sets the calling thread's priority (an os.constants.priority value); answers whether it was set. */
export function setThreadPriority(priority: number): boolean {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), priority);
    return true;
  } catch {
    return false;
  }
}

/** The lowest priority (nice 19): the thread runs when requests leave a core free. */
export const lowestThreadPriority = (): boolean => setThreadPriority(constants.priority.PRIORITY_LOW);

/** Below normal (nice 10): requests of other routes go first when both want a core. */
export const belowNormalThreadPriority = (): boolean => setThreadPriority(constants.priority.PRIORITY_BELOW_NORMAL);
