// Where the process is in its life: GET /readyz answers 200 only while `ready`, so a load
// balancer sends no traffic while migrations run or while the process shuts down.

export type Phase = 'starting' | 'migrating' | 'ready' | 'stopping';

export class Lifecycle {
  constructor(public phase: Phase = 'ready') {}

  get ready(): boolean {
    return this.phase === 'ready';
  }
}
