/**
 * Collects one statement's parameters and hands out their $n placeholders, and its table
 * aliases: numbered per statement, so the same query shape always compiles to the same text
 * (PostgreSQL then plans a named prepared statement once).
 */
export class Params {
  readonly values: unknown[] = [];
  private aliases = 0;
  /**
   * Parameters to go on from (a compiled statement's, kept): a copy, so the kept list never
   * changes. Its aliases start again at 1: only parameters may be added to it, not tables.
   */
  static of(values: readonly unknown[]): Params {
    const params = new Params();
    params.values.push(...values);
    return params;
  }
  /** A table alias not yet used in this statement. */
  alias(prefix: string): string {
    return `${prefix}${++this.aliases}`;
  }
  /** A copy to compile a part into: adopt() it once the part compiled, or drop it (no dangling $n). */
  fork(): Params {
    const copy = new Params();
    copy.values.push(...this.values);
    copy.aliases = this.aliases;
    return copy;
  }
  adopt(part: Params): void {
    this.values.splice(0, this.values.length, ...part.values);
    this.aliases = part.aliases;
  }
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
