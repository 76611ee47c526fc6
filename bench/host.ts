// The machine's CPU time from /proc/stat (Linux): how busy it was, and how much of it the host took
// (steal: a virtual machine's cores given to other guests). Used by the bench scripts and by the
// test run, which say how quiet the machine was while they measured.
import { readFileSync } from 'node:fs';

/** The machine's CPU ticks so far, all cores (100 a second): busy, stolen, in all; null off Linux. */
export function machineTicks(): { busy: number; steal: number; all: number } | null {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already in user)
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = ticks;
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, steal, all: busy + idle + iowait };
  } catch {
    return null;
  }
}

/**
 * Starts watching how much of the machine's CPU time its host took; the answer gives the share
 * since, in % (null off Linux). A measurement with more than 1 % stolen was not taken on a quiet
 * machine (this one: 0.1-0.2 % when quiet).
 */
export function watchSteal(): () => number | null {
  const before = machineTicks();
  return () => {
    const after = machineTicks();
    if (!before || !after || after.all === before.all) return null;
    return (100 * (after.steal - before.steal)) / (after.all - before.all);
  };
}
