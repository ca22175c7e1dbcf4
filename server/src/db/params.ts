/** Collects query parameters and hands out their $n placeholders. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
