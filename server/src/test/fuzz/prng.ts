/** A small seeded PRNG (mulberry32), so that a fuzz run is repeated exactly from its seed. */
export class Rng {
  private state: number;
  /** Hostile-input classes used by the request being generated (for grouping failures). */
  features = new Set<string>();
  /** A mostly valid request: few hostile values, so that saves get far enough to test what they write. */
  calm = false;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }

  /** Picks by weight: [[weight, value], ...]. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T {
    const total = choices.reduce((s, [w]) => s + w, 0);
    let x = this.next() * total;
    for (const [w, v] of choices) {
      x -= w;
      if (x < 0) return v;
    }
    return choices[choices.length - 1][1];
  }

  subset<T>(list: readonly T[], max = list.length): T[] {
    const out = list.filter(() => this.chance(0.5));
    return out.slice(0, max);
  }

  /** Records that the request carries a hostile input of this class. */
  mark(feature: string): void {
    this.features.add(feature);
  }
}

/** The run's seed: FUZZ_SEED (a number, or "random" for a new one each run), else a fixed default. */
export function seedFromEnv(fallback: number): number {
  const given = process.env.FUZZ_SEED;
  if (given === 'random') return (Math.random() * 2 ** 32) >>> 0;
  if (given && /^\d+$/.test(given)) return Number(given) >>> 0;
  return fallback;
}
