import { COMPARISONS, allEntities, getEntity, opNames, type EntityDef, type EntityName, type Field } from '@hub/model';
import { PROTO_KEYS, deepNesting, fieldValue, hostileObject, hostileString, hostileValue, put, someId, type KnownIds } from './hostile';
import type { Rng } from './prng';

/** One generated HTTP request (the caller's cookie or token is added when it is sent). */
export interface FuzzRequest {
  /** What was generated: 'gql list AssetEntity', 'rest POST /api/account/users', ... */
  op: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Whether the request may write (mutations, POST, PUT, DELETE). */
  mutates: boolean;
  features: string[];
}

const entities = allEntities();

/** Paths of a where condition: valid ones of the entity, one level through references, and hostile ones. */
function wherePath(r: Rng, entity: EntityDef): string {
  const fields = Object.entries(entity.fields);
  const kind = r.weighted<string>([
    [5, 'field'],
    [2, 'related'],
    [1, 'proto'],
    [1, 'proto-nested'],
    [0.5, 'deep'],
    [1, 'junk'],
  ]);
  switch (kind) {
    case 'field': {
      const [name, field] = r.pick(fields);
      return field.kind === 'reference' || field.kind === 'file'
        ? r.pick([name, `${name}Id`, `${name}.id`])
        : r.pick([name, 'id', 'created', 'modified']);
    }
    case 'related': {
      const refs = fields.filter(([, f]) => f.kind === 'reference' || f.kind === 'children' || f.kind === 'links') as [
        string,
        Field & { target?: EntityName },
      ][];
      if (!refs.length) return 'id';
      const [name, field] = r.pick(refs);
      const target = getEntity(field.target!);
      const [inner] = r.pick(Object.entries(target.fields));
      r.mark('path:related');
      return r.chance(0.8) ? `${name}.${inner}` : `${name}.${r.pick(PROTO_KEYS)}`;
    }
    case 'proto': {
      const key = r.pick([...PROTO_KEYS, 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']);
      r.mark(`path:${key}`);
      return key;
    }
    case 'proto-nested':
      r.mark('path:proto-nested');
      return r.pick([
        '__proto__.id',
        'constructor.prototype',
        'constructor.name',
        'prototype.id',
        'id.__proto__',
        'memberOrganisation.constructor.prototype',
      ]);
    case 'deep': {
      const depth = r.pick([20, 200, 1000]);
      r.mark(`path:deep-${depth}`);
      const [name, field] = r.pick(fields);
      return field.kind === 'reference' && r.chance(0.5)
        ? Array.from({ length: depth }, () => name).join('.') + '.id'
        : Array.from({ length: depth }, () => 'a').join('.');
    }
    default:
      r.mark('path:junk');
      return r.chance(0.5) ? hostileString(r).slice(0, 2000) : r.pick(['', '.', '..', 'id.', '.id', 'ID', 'Id', 'id id', 'id;', '*']);
  }
}

function whereValue(r: Rng, ids: KnownIds, entity: EntityDef, path: string): (string | null)[] | null | undefined {
  if (r.chance(0.08)) return r.chance(0.5) ? null : undefined;
  const n = r.weighted<number>([
    [1, 0],
    [6, 1],
    [2, 2],
    [0.3, 1200],
  ]);
  if (n === 1200) r.mark('where:many-values');
  const field = entity.fields[path];
  if (n > 100) return Array.from({ length: n }, (_, i) => (path === 'id' ? someId(r, ids, entity.name) : `v${i}`));
  return Array.from({ length: n }, () => {
    if (r.chance(0.05)) return null;
    if (path === 'id' || path.endsWith('Id')) return someId(r, ids, entity.name);
    if (field && r.chance(0.4)) {
      const v = fieldValue(r, field, ids);
      return typeof v === 'string' ? v : (JSON.stringify(v) ?? 'x');
    }
    return hostileString(r);
  });
}

export function condition(r: Rng, ids: KnownIds, entity: EntityDef): Record<string, unknown> {
  const path = wherePath(r, entity);
  const comparison = r.chance(0.97) ? r.pick(COMPARISONS) : 'startsWith';
  if (comparison === 'like') r.mark('cmp:like');
  const c: Record<string, unknown> = { path, comparison };
  const value = whereValue(r, ids, entity, path);
  if (value !== undefined) c.value = value;
  if (r.chance(0.15)) c.case = r.pick(['ORDINAL_IGNORE_CASE', 'INVARIANT_CULTURE', 'CURRENT_CULTURE_IGNORE_CASE']);
  if (r.chance(0.03)) {
    r.mark('where:extra-key');
    put(c, r.pick(PROTO_KEYS), { polluted: true });
  }
  return c;
}

const list = <T>(r: Rng, max: number, make: () => T): T[] => Array.from({ length: r.int(max + 1) }, make);

/** Arguments of lists, counts and bulk operations, each present or not. */
function filterArgs(
  r: Rng,
  ids: KnownIds,
  entity: EntityDef,
  page: boolean,
): { decl: string[]; args: string[]; vars: Record<string, unknown> } {
  const decl: string[] = [];
  const args: string[] = [];
  const vars: Record<string, unknown> = {};
  const add = (name: string, type: string, value: unknown) => {
    decl.push(`$${name}: ${type}`);
    args.push(`${name}: $${name}`);
    vars[name] = value;
  };
  if (r.chance(0.5))
    add(
      'where',
      '[WhereExpressionGraph!]',
      list(r, 3, () => condition(r, ids, entity)),
    );
  if (r.chance(0.3))
    add(
      'conditions',
      '[[WhereExpressionGraph!]!]',
      list(r, 2, () => list(r, 2, () => condition(r, ids, entity))),
    );
  if (r.chance(0.25))
    add(
      'ids',
      '[ID!]',
      list(r, 3, () => someId(r, ids, entity.name)),
    );
  if (r.chance(0.15)) {
    const rel = Object.entries(entity.fields).filter(([, f]) => f.kind === 'children' || f.kind === 'links');
    const path = rel.length && r.chance(0.7) ? r.pick(rel)[0] : wherePath(r, entity);
    const target = rel.find(([n]) => n === path)?.[1] as { target?: EntityName } | undefined;
    const inner = target?.target ? getEntity(target.target) : entity;
    add('has', '[HasConditionGraph!]', [
      { path, negate: r.chance(0.3), conditions: list(r, 2, () => list(r, 2, () => condition(r, ids, inner))) },
    ]);
  }
  if (page) {
    if (r.chance(0.3)) {
      const skip = r.pick([0, 5, -1, 2147483647, 1_000_000]);
      if (skip < 0 || skip > 1000) r.mark('page:skip-out-of-range');
      add('skip', 'Int', skip);
    }
    if (r.chance(0.3)) {
      const take = r.pick([0, 1, 20, 1000, 1001, -5, 2147483647]);
      if (take < 0 || take > 1000) r.mark('page:take-out-of-range');
      add('take', 'Int', take);
    }
    if (r.chance(0.35))
      add(
        'orderBy',
        '[OrderByGraph!]',
        list(r, 3, () => ({ path: wherePath(r, entity), descending: r.pick([true, false, null]) })),
      );
  }
  // Sometimes a variable of the wrong type altogether.
  if (decl.length && r.chance(0.08)) {
    const name = r.pick(Object.keys(vars));
    r.mark('var:wrong-type');
    vars[name] = hostileValue(r, ids);
  }
  return { decl, args, vars };
}

function selection(r: Rng, entity: EntityDef, depth = 0): string {
  const out = ['id'];
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.writeOnly || !r.chance(0.3)) continue;
    if (field.kind === 'reference') {
      if (depth < 2 && r.chance(0.5)) out.push(`${name} { ${selection(r, getEntity(field.target), depth + 1)} }`);
      else out.push(`${name}Id`);
    } else if (field.kind === 'file') out.push(r.chance(0.5) ? `${name} { id fileName contentType size }` : `${name}Id`);
    else if (field.kind === 'children' || field.kind === 'links') {
      if (depth < 2 && r.chance(0.4)) out.push(`${name} { ${selection(r, getEntity(field.target!), depth + 1)} }`);
    } else out.push(name);
  }
  return out.join(' ');
}

/** A create or update input for an entity: valid-looking fields, hostile values, wrong and prototype keys. */
export function entityInput(r: Rng, ids: KnownIds, entity: EntityDef, update: boolean): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  if (update || r.chance(0.1)) input.id = someId(r, ids, entity.name);
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.readOnly) continue;
    if (!field.required && !r.chance(0.35)) continue;
    if (field.kind === 'reference') input[`${name}Id`] = r.chance(0.9) ? someId(r, ids, field.target) : hostileValue(r, ids);
    else if (field.kind === 'file') {
      if (r.chance(0.5)) input[`${name}Id`] = someId(r, ids, 'file');
    } else if (field.kind === 'children' || field.kind === 'links') {
      input[name] = r.chance(0.85) ? list(r, 3, () => ({ id: someId(r, ids, field.target) })) : hostileValue(r, ids);
    } else input[name] = fieldValue(r, field, ids);
  }
  if (entity.rules?.includes('confirmPassword') && 'password' in input)
    input.confirmPassword = r.chance(0.7) ? input.password : hostileString(r);
  if (r.chance(0.06)) {
    const key = r.pick([...PROTO_KEYS, 'colour', 'isAdmin']);
    r.mark(`input-key:${key}`);
    put(input, key, r.chance(0.5) ? { polluted: true } : hostileValue(r, ids));
  }
  return input;
}

function mergeReferences(r: Rng, entity: EntityDef): string[] | undefined {
  if (!r.chance(0.25)) return undefined;
  const names = Object.entries(entity.fields)
    .filter(([, f]) => f.kind === 'children' || f.kind === 'links')
    .map(([n]) => n);
  return list(r, 3, () => {
    if (names.length && r.chance(0.5)) return r.pick(names);
    r.mark('merge:junk');
    return r.chance(0.4) ? r.pick([...PROTO_KEYS, 'toString', 'id', '', 'memberOrganisation']) : hostileString(r).slice(0, 300);
  });
}

const json = (body: unknown) => JSON.stringify(body);

function gqlRequest(op: string, query: string, variables: Record<string, unknown> | undefined, mutates: boolean): FuzzRequest {
  return {
    op,
    method: 'POST',
    url: '/api/graphql',
    headers: { 'content-type': 'application/json' },
    payload: json(variables ? { query, variables } : { query }),
    mutates,
    features: [],
  };
}

/** A GraphQL request on one entity's generated operations. */
export function graphqlRequest(r: Rng, ids: KnownIds): FuzzRequest {
  const entity = r.pick(entities);
  const n = opNames(entity.name);
  const kind = r.weighted<string>([
    [4, 'list'],
    [1, 'count'],
    [1, 'conditional'],
    [2, 'byId'],
    [3, 'create'],
    [3, 'update'],
    [1.5, 'delete'],
    [1.5, 'deleteConditional'],
    [2, 'updateConditional'],
    [0.5, 'raw'],
  ]);
  const op = `gql ${kind} ${entity.name}`;
  const sig = (decl: string[]) => (decl.length ? `(${decl.join(', ')})` : '');
  const call = (args: string[]) => (args.length ? `(${args.join(', ')})` : '');
  switch (kind) {
    case 'list':
    case 'conditional': {
      const f = filterArgs(r, ids, entity, true);
      const field = kind === 'list' ? n.list : n.conditional;
      return gqlRequest(op, `query${sig(f.decl)} { r: ${field}${call(f.args)} { ${selection(r, entity)} } }`, f.vars, false);
    }
    case 'count': {
      const f = filterArgs(r, ids, entity, false);
      return gqlRequest(op, `query${sig(f.decl)} { r: ${r.chance(0.5) ? n.count : n.countConditional}${call(f.args)} }`, f.vars, false);
    }
    case 'byId':
      return gqlRequest(
        op,
        `query($id: ID!) { r: ${n.byId}(id: $id) { ${selection(r, entity)} } }`,
        { id: r.chance(0.9) ? someId(r, ids, entity.name) : hostileValue(r, ids) },
        false,
      );
    case 'create':
    case 'update': {
      const update = kind === 'update';
      const count = r.weighted<number>([
        [10, 1],
        [3, 2],
        [0.2, 1001],
      ]);
      if (count > 1000) r.mark('input:over-limit');
      const models: unknown[] = Array.from({ length: count }, () => entityInput(r, ids, entity, update));
      if (r.chance(0.05)) {
        r.mark('var:models-wrong-type');
        models.push(hostileValue(r, ids));
      }
      const merge = mergeReferences(r, entity);
      const vars: Record<string, unknown> = { m: models };
      if (merge) vars.mr = merge;
      return gqlRequest(
        op,
        `mutation($m: [${n.input}!]!${merge ? ', $mr: [String!]' : ''}) { r: ${update ? n.update : n.create}(${n.inputArg}: $m${merge ? ', mergeReferences: $mr' : ''}) { ${selection(r, entity)} } }`,
        vars,
        true,
      );
    }
    case 'delete':
      return gqlRequest(
        op,
        `mutation($ids: [ID!]!) { r: ${n.delete}(${n.idsArg}: $ids) }`,
        { ids: list(r, 3, () => someId(r, ids, entity.name)) },
        true,
      );
    case 'deleteConditional': {
      const f = filterArgs(r, ids, entity, false);
      return gqlRequest(op, `mutation${sig(f.decl)} { r: ${n.deleteConditional}${call(f.args)} }`, f.vars, true);
    }
    case 'updateConditional': {
      const f = filterArgs(r, ids, entity, false);
      const values = entityInput(r, ids, entity, false);
      delete values.id;
      const writable = Object.keys(values);
      const fieldsToUpdate = list(r, 3, () => {
        if (writable.length && r.chance(0.75)) return r.pick(writable);
        r.mark('bulk:junk-field');
        return r.chance(0.5)
          ? r.pick([...PROTO_KEYS, 'id', 'created', 'memberOrganisationId', 'toString'])
          : hostileString(r).slice(0, 300);
      });
      return gqlRequest(
        op,
        `mutation(${[...f.decl, `$f: [String!]!`, `$v: ${n.input}!`].join(', ')}) { r: ${n.updateConditional}(${[...f.args, 'fieldsToUpdate: $f', 'values: $v'].join(', ')}) }`,
        { ...f.vars, f: fieldsToUpdate, v: values },
        true,
      );
    }
    default:
      return rawGraphql(r, ids, entity);
  }
}

/** Hostile documents: literals instead of variables, bad syntax, odd bodies. */
function rawGraphql(r: Rng, ids: KnownIds, entity: EntityDef): FuzzRequest {
  const n = opNames(entity.name);
  const lit = (s: string) => JSON.stringify(s);
  const kind = r.pick(['literal-where', 'bad-syntax', 'body-shape', 'deep-variables', 'proto-variables', 'operation-name']);
  r.mark(`raw:${kind}`);
  const op = `gql raw ${kind} ${entity.name}`;
  switch (kind) {
    case 'literal-where':
      return gqlRequest(
        op,
        `{ r: ${n.list}(where: [{path: ${lit(wherePath(r, entity))}, comparison: like, value: [${lit(hostileString(r))}]}]) { id } }`,
        undefined,
        false,
      );
    case 'bad-syntax':
      return gqlRequest(
        op,
        r.pick([
          '{',
          '{ r: }',
          `query { ${n.list}(take: "x") { id } }`,
          `{ ${n.list} { nope } }`,
          '\u0000',
          'mutation { __typename }',
          `{ __schema { types { name } } }`,
          `{ ${n.list.slice(0, -1)} { id } }`,
        ]),
        undefined,
        false,
      );
    case 'body-shape': {
      const payload = r.pick([
        '[]',
        'null',
        '"query"',
        '{"query": 1}',
        '{"query": "{ __typename }", "variables": []}',
        '{"query": "{ __typename }", "variables": "x"}',
        '{"__proto__": {"query": "{ __typename }"}}',
        '{"query": "{ __typename }", "constructor": {"prototype": {"polluted": 1}}}',
        `{"query": "{ __typename }", "extensions": ${JSON.stringify(deepNesting(r))}}`,
      ]);
      return {
        op,
        method: 'POST',
        url: '/api/graphql',
        headers: { 'content-type': 'application/json' },
        payload,
        mutates: false,
        features: [],
      };
    }
    case 'deep-variables':
      return gqlRequest(op, `query($w: [WhereExpressionGraph!]) { r: ${n.list}(where: $w) { id } }`, { w: deepNesting(r) }, false);
    case 'proto-variables': {
      const vars = hostileObject(r, ids);
      put(vars, '__proto__', { w: [{ path: 'id', comparison: 'equal', value: ['x'] }] });
      return gqlRequest(op, `query($w: [WhereExpressionGraph!]) { r: ${n.list}(where: $w) { id } }`, vars, false);
    }
    default:
      return {
        op,
        method: 'POST',
        url: '/api/graphql',
        headers: { 'content-type': 'application/json' },
        payload: json({
          query: `query A { r: ${n.count} } query B { r: ${n.count} }`,
          operationName: r.pick([null, 'C', '__proto__', 'constructor', 7, hostileString(r)]),
        }),
        mutates: false,
        features: [],
      };
  }
}

const POLLUTE = ['fuzzPolluted', 'AssetEntity', 'password'];

/** Entities with file fields, for multipart saves. */
const withFiles = entities.filter((e) => Object.values(e.fields).some((f) => f.kind === 'file'));

function multipartBody(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]): {
  boundary: string;
  body: Buffer;
} {
  const boundary = '----fuzzboundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      p.filename !== undefined
        ? `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`
        : `Content-Disposition: form-data; name="${p.name}"\r\n\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}`), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { boundary, body: Buffer.concat(chunks) };
}

/** A GraphQL multipart save (files), with hostile maps, names, types and parts. */
export function multipartRequest(r: Rng, ids: KnownIds): FuzzRequest {
  const entity = r.pick(withFiles);
  const n = opNames(entity.name);
  const fileField = r.pick(Object.entries(entity.fields).filter(([, f]) => f.kind === 'file'))[0];
  const update = r.chance(0.3);
  const input = entityInput(r, ids, entity, update);
  input[fileField] = null;
  const operations = {
    query: `mutation($m: [${n.input}!]!) { r: ${update ? n.update : n.create}(${n.inputArg}: $m) { id ${fileField} { id fileName contentType size } } }`,
    variables: { m: [input] },
  };
  const mapKind = r.weighted<string>([
    [4, 'valid'],
    [1, 'proto'],
    [1, 'constructor'],
    [1, 'missing'],
    [0.5, 'deep'],
    [0.5, 'not-object'],
  ]);
  r.mark(`map:${mapKind}`);
  const target: Record<string, string[]> = {
    valid: [`variables.m.0.${fileField}`],
    // The run undoes a pollution of the test process right after the request that caused it.
    proto: [r.pick(['__proto__', 'variables.__proto__', 'variables.m.0.__proto__']) + '.' + r.pick(POLLUTE)],
    constructor: [r.pick(['constructor.prototype', 'variables.m.constructor.prototype']) + '.' + r.pick(POLLUTE)],
    missing: [r.pick(['variables.nothing.here', 'variables.m.7.file', '', '.', 'query'])],
    deep: [Array.from({ length: 500 }, () => 'a').join('.')],
    'not-object': ['variables.m.0.description.length'],
  };
  const map: Record<string, unknown> = {};
  put(map, '0', target[mapKind]);
  if (r.chance(0.1)) put(map, r.pick(PROTO_KEYS), [`variables.m.0.${fileField}`]);
  const content = r.pick([
    Buffer.from('%PDF-1.4\n%fuzz\n'),
    Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
    Buffer.alloc(0),
  ]);
  const filename = r.pick([
    'report.pdf',
    '../../etc/passwd',
    'a\u0000b.pdf',
    'x'.repeat(300) + '.pdf',
    '😀.png',
    'evil.html',
    'C:\\windows\\win.ini',
    '"quoted".pdf',
  ]);
  if (filename.includes('\u0000') || filename.includes('..')) r.mark('file:hostile-name');
  const type = r.pick(['application/pdf', 'text/html', 'image/svg+xml', 'image/png', 'application/javascript', '', 'x/\u0000']);
  const parts: { name: string; value: string | Buffer; filename?: string; type?: string }[] = [
    { name: 'operations', value: r.chance(0.05) ? '{not json' : JSON.stringify(operations) },
    { name: 'map', value: r.chance(0.05) ? '[]' : JSON.stringify(map) },
    { name: '0', value: content, filename, type },
  ];
  if (r.chance(0.1)) {
    r.mark('multipart:unmapped-part');
    parts.push({ name: 'extra', value: Buffer.alloc(10_000, 1), filename: 'extra.bin' });
  }
  if (r.chance(0.05)) {
    r.mark('multipart:file-first');
    parts.reverse();
  }
  const { boundary, body } = multipartBody(parts);
  return {
    op: `multipart ${update ? 'update' : 'create'} ${entity.name}`,
    method: 'POST',
    url: '/api/graphql',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
    mutates: true,
    features: [],
  };
}

export { entities as fuzzEntities };
