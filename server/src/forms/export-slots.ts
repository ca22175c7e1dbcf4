/**
 * How many long exports run at once in this process: each renders PDFs one after another, so
 * a few running together bound the memory and CPU they take from everyone else.
 */
export class ExportSlots {
  private readonly running = new Map<string, number>();
  private total = 0;

  constructor(
    readonly perKey: number,
    readonly global: number,
  ) {}

  /** Takes a slot for `key` (one caller): a release function (calling it twice is harmless), or why not. */
  tryAcquire(key: string): { ok: true; release: () => void } | { ok: false; reason: 'mine' | 'busy' } {
    if ((this.running.get(key) ?? 0) >= this.perKey) return { ok: false, reason: 'mine' };
    if (this.total >= this.global) return { ok: false, reason: 'busy' };
    this.running.set(key, (this.running.get(key) ?? 0) + 1);
    this.total++;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.total--;
        const left = (this.running.get(key) ?? 1) - 1;
        if (left > 0) this.running.set(key, left);
        else this.running.delete(key);
      },
    };
  }

  /** Exports running now (all callers). */
  get size(): number {
    return this.total;
  }
}
