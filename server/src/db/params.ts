/**
 * Collects one statement's parameters and hands out their $n placeholders, and its table
 * aliases: numbered per statement, so the same query shape always compiles to the same text
 * (PostgreSQL then plans a named prepared statement once).
 */
export class Params {
  readonly values: unknown[] = [];
  private aliases = 0;
  /** A table alias not yet used in this statement. */
  alias(prefix: string): string {
    return `${prefix}${++this.aliases}`;
  }
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
