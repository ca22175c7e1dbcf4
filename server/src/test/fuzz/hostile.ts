import type { Rng } from './prng';

/** Keys that reach an object's prototype when a path or key is walked naively. */
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Sets an own, enumerable property (even `__proto__`), as JSON.parse would, so JSON.stringify sends it. */
export function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Ids of existing rows the generator may aim at: its own organisation's, the other one's, shared ones. */
export interface KnownIds {
  /** Entity name -> ids of rows, by owner ('spark', 'volt', 'shared'). */
  byEntity: Map<string, { spark: string[]; volt: string[]; shared: string[] }>;
  /** Every known id, any table. */
  all: string[];
  files: string[];
}

const NIL = '00000000-0000-0000-0000-000000000000';

/** Hostile strings, each with its class (the class names the failure groups). */
const STRINGS: readonly (readonly [string, () => string])[] = [
  ['empty', () => ''],
  ['space', () => '   '],
  ['nul', () => 'a\u0000b'],
  ['nul-only', () => '\u0000'],
  ['control', () => '\u0001\u0007\u001b[31m\u007f'],
  ['crlf', () => 'line\r\nInjected: header'],
  ['tab', () => '\tTabbed'],
  ['backslash-end', () => 'abc\\'],
  ['backslash', () => '\\'],
  ['like-wildcards', () => '%_%'],
  ['sql-quote', () => "'; DROP TABLE asset; --"],
  ['double-quote', () => '"quoted"'],
  ['template', () => '${7*7}{{7*7}}#{7*7}'],
  ['html', () => '<script>alert(1)</script><img src=x onerror=alert(1)>'],
  ['proto-key', () => '__proto__'],
  ['constructor-key', () => 'constructor'],
  ['prototype-key', () => 'prototype'],
  ['object-method', () => 'toString'],
  ['path-traversal', () => '../../../../etc/passwd'],
  ['null-word', () => 'null'],
  ['undefined-word', () => 'undefined'],
  ['nan-word', () => 'NaN'],
  ['infinity-word', () => 'Infinity'],
  ['huge-number-text', () => '9'.repeat(40)],
  ['int32-overflow-text', () => '2147483648'],
  ['negative-zero', () => '-0'],
  ['exponent', () => '1e309'],
  ['emoji', () => '😀👩‍🔧'],
  ['combining', () => 'e\u0301\u0301\u0301'],
  ['lone-surrogate', () => 'x\ud800y'],
  ['bom-nonchar', () => '\ufeff\uffff\ufffe'],
  ['rtl-override', () => '\u202egnp.exe'],
  ['csv-formula', () => '=HYPERLINK("http://evil.example")'],
  ['long-256', () => 'L'.repeat(256)],
  ['long-5k', () => 'M'.repeat(5000)],
  ['long-200k', () => 'H'.repeat(200_000)],
  ['nil-uuid', () => NIL],
  ['bad-uuid', () => '123e4567-e89b-12d3-a456-42661417400Z'],
  ['uuid-upper', () => 'AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE'],
  ['json-text', () => '{"__proto__":{"polluted":1},"a":[1,2]}'],
  ['date-feb30', () => '2026-02-30 10:00:00'],
  ['date-month13', () => '2026-13-01'],
  ['date-zero', () => '0000-00-00 00:00:00'],
  ['date-year5', () => '99999-01-01 00:00:00'],
  ['date-iso-z', () => '2026-05-01T10:00:00Z'],
  ['date-pg-special', () => 'epoch'],
  ['date-pg-infinity', () => 'infinity'],
  ['date-pg-now', () => 'now'],
  ['date-bc', () => '0044-03-15 BC'],
  ['date-garbage', () => 'yesterday at noon'],
  ['email-weird', () => 'a@b@c..example'],
  ['url-js', () => 'javascript:alert(1)'],
  ['url-data', () => 'data:text/html,<script>alert(1)</script>'],
];

/** A hostile string; its class is recorded on the generator. */
export function hostileString(r: Rng): string {
  const [name, make] = r.pick(STRINGS);
  r.mark(`str:${name}`);
  return make();
}

/** A value of any JSON type, often of the wrong type for where it goes. */
export function hostileValue(r: Rng, ids: KnownIds, depth = 0): unknown {
  const kind = r.weighted<string>([
    [6, 'string'],
    [1, 'int'],
    [1, 'int-out-of-range'],
    [1, 'float'],
    [1, 'bool'],
    [1, 'null'],
    [depth < 2 ? 1 : 0, 'array'],
    [depth < 2 ? 1 : 0, 'object'],
    [depth < 1 ? 0.3 : 0, 'deep'],
    [1, 'id'],
  ]);
  switch (kind) {
    case 'string':
      return hostileString(r);
    case 'int':
      r.mark('val:int');
      return r.pick([0, -1, 1, 42]);
    case 'int-out-of-range':
      r.mark('val:int-out-of-range');
      return r.pick([2147483648, -2147483649, Number.MAX_SAFE_INTEGER, 1e300, -1e300]);
    case 'float':
      r.mark('val:float');
      return r.pick([0.5, -0.000001, 1.7976931348623157e308]);
    case 'bool':
      r.mark('val:bool');
      return r.chance(0.5);
    case 'null':
      r.mark('val:null');
      return null;
    case 'array':
      r.mark('val:array');
      return Array.from({ length: r.int(3) }, () => hostileValue(r, ids, depth + 1));
    case 'object':
      return hostileObject(r, ids, depth + 1);
    case 'deep':
      return deepNesting(r);
    default:
      return someId(r, ids);
  }
}

/** An object with hostile keys (prototype keys included as own properties). */
export function hostileObject(r: Rng, ids: KnownIds, depth = 1): Record<string, unknown> {
  r.mark('val:object');
  const o: Record<string, unknown> = {};
  const n = 1 + r.int(3);
  for (let i = 0; i < n; i++) {
    const key = r.chance(0.4) ? r.pick(PROTO_KEYS) : r.chance(0.5) ? hostileString(r).slice(0, 100) : `k${i}`;
    if ((PROTO_KEYS as readonly string[]).includes(key)) r.mark(`key:${key}`);
    put(o, key, r.chance(0.3) ? { polluted: 'yes', isAdmin: true } : hostileValue(r, ids, depth + 1));
  }
  return o;
}

/** Arrays or objects nested hundreds of levels deep. */
export function deepNesting(r: Rng): unknown {
  const depth = r.pick([64, 300, 2000]);
  r.mark(`val:deep-${depth}`);
  let v: unknown = 'bottom';
  const asArray = r.chance(0.5);
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
  return v;
}

/** An id: of the other organisation, shared, malformed, unknown. */
export function someId(r: Rng, ids: KnownIds, entity?: string): string {
  const mine = entity ? ids.byEntity.get(entity) : undefined;
  const choice = r.weighted<string>([
    [mine ? (r.calm ? 20 : 3) : 0, 'entity'],
    [2, 'any-known'],
    [1, 'random-uuid'],
    [1, 'malformed'],
    [ids.files.length ? (entity === 'file' ? 12 : 0.5) : 0, 'file'],
  ]);
  switch (choice) {
    case 'entity': {
      const owner = r.pick(['spark', 'volt', 'shared'] as const);
      const list = mine![owner];
      if (list.length) {
        r.mark(`id:${owner}`);
        return r.pick(list);
      }
      r.mark('id:random');
      return randomUuid(r);
    }
    case 'any-known':
      r.mark('id:any-table');
      return r.pick(ids.all);
    case 'random-uuid':
      r.mark('id:random');
      return randomUuid(r);
    case 'file':
      r.mark('id:file');
      return r.pick(ids.files);
    default:
      r.mark('id:malformed');
      return r.pick(['not-an-id', '', '1', '-1', NIL.slice(1), `${NIL} `, `{${NIL}}`, '\u0000', "' OR 1=1 --", NIL.replace(/0/g, 'g')]);
  }
}

export function randomUuid(r: Rng): string {
  const hex = () => r.int(16).toString(16);
  const part = (n: number) => Array.from({ length: n }, hex).join('');
  return `${part(8)}-${part(4)}-4${part(3)}-8${part(3)}-${part(12)}`;
}
