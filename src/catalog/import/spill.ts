// Records an import has to come back to once the whole document is read (a SKU of a store the
// document has not had yet, a media item's products still to be found), kept in a temporary
// file of JSON lines rather than in memory: a document that lists its sections in an unusual
// order costs disk, not memory. Nothing is written to disk until the first record.
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export class Spill<T> {
  private out: WriteStream | null = null;
  private dir: string | null = null;
  private pending = '';
  count = 0;

  constructor(private readonly name: string) {}

  private get file(): string {
    return join(this.dir!, `${this.name}.jsonl`);
  }

  async push(item: T): Promise<void> {
    if (this.out === null) {
      this.dir = mkdtempSync(join(tmpdir(), 'catalog-import-'));
      this.out = createWriteStream(this.file);
    }
    this.count += 1;
    this.pending += `${JSON.stringify(item)}\n`;
    if (this.pending.length < 1 << 16) return;
    const more = this.out.write(this.pending);
    this.pending = '';
    if (!more) await once(this.out, 'drain');
  }

  /** Every item pushed, in order (the file is closed for writing first). */
  async *read(): AsyncGenerator<T> {
    if (this.out === null) return;
    const out = this.out;
    this.out = null;
    out.end(this.pending);
    this.pending = '';
    await once(out, 'finish');
    const lines = createInterface({ input: createReadStream(this.file, { encoding: 'utf8' }), crlfDelay: Infinity });
    try {
      for await (const line of lines) if (line !== '') yield JSON.parse(line) as T;
    } finally {
      lines.close();
    }
  }

  remove(): void {
    this.out?.destroy();
    this.out = null;
    if (this.dir !== null) rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
  }
}
