import { isJoin, opNames, type EntityDef } from '@hub/model';
import { PROTO_KEYS, deepNesting, hostileObject, hostileString, hostileValue, put, someId, type KnownIds } from './hostile';
import { entityInput, filterArgs, fuzzEntities as entities, list, mergeReferences, selection, wherePath } from './operation-args';
import type { Rng } from './prng';
import { json, type FuzzRequest } from './request';

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
  const kind = r.pick([
    'literal-where',
    'bad-syntax',
    'body-shape',
    'deep-variables',
    'proto-variables',
    'operation-name',
    'two-mutations',
    'costly-search',
  ]);
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
    case 'two-mutations': {
      // Each mutation field commits on its own, so an operation may hold one (issue 26, 4): two
      // are refused before any work, whatever their spelling.
      const other = opNames(r.pick(entities).name);
      const create = (o: typeof n, alias: string) =>
        `${alias}: ${o.create}(${o.inputArg}: [${r.chance(0.5) ? '{}' : `{ id: ${lit(someId(r, ids, entity.name))} }`}]) { id }`;
      const del = (o: typeof n, alias: string) => `${alias}: ${o.delete}(${o.idsArg}: [${lit(someId(r, ids, entity.name))}])`;
      const pair = r.pick([
        `${create(n, 'a')} ${create(n, 'b')}`,
        `${create(n, 'a')} ${del(other, 'b')}`,
        `${del(n, 'a')} ${del(n, 'b')}`,
        `a: ${n.delete}(${n.idsArg}: []) ...F`,
      ]);
      const query = pair.includes('...F')
        ? `mutation { ${pair} } fragment F on Mutation { b: ${other.delete}(${other.idsArg}: []) }`
        : `mutation { ${pair} }`;
      return { ...gqlRequest(op, query, undefined, true), refusedWith: 'Send one mutation at a time.' };
    }
    case 'costly-search': {
      // Many conditions through related records: refused before any database work (issue 26, 3).
      const refs = Object.entries(entity.fields).filter(([, f]) => isJoin(f));
      const path = refs.length ? `${r.pick(refs)[0]}.id` : 'id';
      const many = Array.from({ length: r.pick([40, 200]) }, () => ({
        path,
        comparison: 'contains',
        value: [hostileString(r).slice(0, 20)],
      }));
      const req = gqlRequest(op, `query($w: [WhereExpressionGraph!]) { r: ${n.list}(where: $w) { id } }`, { w: many }, false);
      return refs.length ? { ...req, refusedWith: 'This search is too complex' } : req;
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
