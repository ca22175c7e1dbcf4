import {
  Kind,
  getArgumentValues,
  getOperationAST,
  getVariableValues,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { allEntities, fieldOf, getEntity, opNames, type EntityDef } from '@hub/model';
import type { Caller } from '../access/caller';
import { compileDirect, type DirectRoot, type DirectStatement } from '../crud/batch';
import type { ListArgs } from '../crud/list';
import type { Pick } from '../crud/select';
import { assertNoNul } from '../core/strings';
import { filterOf } from './common';

/**
 * The direct answer of a plain read (issue 14): a query whose every root field is a list, a
 * count or a record by id, with plain fields beneath (aliases, `__typename`, fragments on the
 * same type; no directives), is answered by PostgreSQL itself: the one statement of the request
 * builds the whole `{"data":...}` as json text, keys in the query's order, and the server sends
 * it as it comes, without parsing it and without graphql-js walking every value. Validation has
 * already run (graphql/http.ts); the same resolvers' rules apply (access, scope, the NUL check
 * on arguments). Anything else, and any refusal, takes graphql-js's usual execution, which
 * answers with its errors.
 */

type RootKind = DirectRoot['kind'];
interface PlanRoot {
  key: string;
  name: string;
  node: FieldNode | null;
  kind: RootKind;
  entity: EntityDef | null;
  picks: Pick[];
}

const ROOTS = new Map<string, { entity: EntityDef; kind: 'list' | 'count' | 'byId' }>();
for (const entity of allEntities()) {
  const n = opNames(entity.name);
  ROOTS.set(n.list, { entity, kind: 'list' });
  ROOTS.set(n.conditional, { entity, kind: 'list' });
  ROOTS.set(n.count, { entity, kind: 'count' });
  ROOTS.set(n.countConditional, { entity, kind: 'count' });
  ROOTS.set(n.byId, { entity, kind: 'byId' });
}

const FILE_KEYS = new Set(['id', 'fileName', 'contentType', 'size', '__typename']);

type Fragments = Map<string, FragmentDefinitionNode>;

/** The fields of a selection set on type `typeName`, fragments on that type flattened; null when something is not plain. */
function fieldsOf(set: SelectionSetNode, typeName: string, fragments: Fragments, seen = new Set<string>()): FieldNode[] | null {
  const out: FieldNode[] = [];
  for (const s of set.selections) {
    if (s.directives?.length) return null;
    if (s.kind === Kind.FIELD) out.push(s);
    else {
      const fragment = s.kind === Kind.INLINE_FRAGMENT ? s : fragments.get(s.name.value);
      if (!fragment || (fragment.typeCondition && fragment.typeCondition.name.value !== typeName)) return null;
      if (s.kind === Kind.FRAGMENT_SPREAD) {
        if (seen.has(s.name.value) || fragment.directives?.length) return null;
        seen.add(s.name.value);
      }
      const inner = fieldsOf(fragment.selectionSet, typeName, fragments, seen);
      if (!inner) return null;
      out.push(...inner);
    }
  }
  return out;
}

/** The picks of an entity's selection set: each response key once (a repeated key takes the usual path). */
function picksOf(entity: EntityDef, set: SelectionSetNode, fragments: Fragments): Pick[] | null {
  const fields = fieldsOf(set, entity.name, fragments);
  if (!fields) return null;
  const picks: Pick[] = [];
  const keys = new Set<string>();
  for (const f of fields) {
    const key = f.alias?.value ?? f.name.value;
    const name = f.name.value;
    if (keys.has(key) || f.arguments?.length) return null;
    keys.add(key);
    if (!f.selectionSet) {
      picks.push({ key, field: name, sub: true });
      continue;
    }
    const field = fieldOf(entity, name);
    if (!field) return null;
    if (field.kind === 'file') {
      const inner = fieldsOf(f.selectionSet, 'File', fragments);
      if (!inner || inner.some((i) => i.selectionSet || i.arguments?.length || !FILE_KEYS.has(i.name.value))) return null;
      const innerKeys = inner.map((i) => i.alias?.value ?? i.name.value);
      if (new Set(innerKeys).size !== innerKeys.length) return null;
      picks.push({ key, field: name, sub: inner.map((i) => ({ key: i.alias?.value ?? i.name.value, field: i.name.value, sub: true })) });
      continue;
    }
    const target = field.kind === 'reference' || field.kind === 'children' ? field.target : field.kind === 'links' ? field.target : null;
    if (!target) return null;
    const sub = picksOf(getEntity(target), f.selectionSet, fragments);
    if (!sub) return null;
    picks.push({ key, field: name, sub });
  }
  return picks;
}

const plans = new WeakMap<DocumentNode, Map<string | undefined, PlanRoot[] | null>>();

/**
 * The direct plan of an operation of a validated document (cached with the document), or null.
 * Keyed by the operation name as sent: no name (the document's only operation) and an empty
 * name (no operation at all) are not the same plan.
 */
export function directPlan(document: DocumentNode, operationName: string | undefined): PlanRoot[] | null {
  let byName = plans.get(document);
  if (!byName) plans.set(document, (byName = new Map()));
  const cached = byName.get(operationName);
  if (cached !== undefined) return cached;
  const plan = makePlan(document, operationName);
  byName.set(operationName, plan);
  return plan;
}

function makePlan(document: DocumentNode, operationName: string | undefined): PlanRoot[] | null {
  const op = getOperationAST(document, operationName);
  if (!op || op.operation !== 'query' || op.directives?.length) return null;
  const fragments: Fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  const fields = fieldsOf(op.selectionSet, 'Query', fragments);
  if (!fields?.length) return null;
  const roots: PlanRoot[] = [];
  const keys = new Set<string>();
  for (const f of fields) {
    const key = f.alias?.value ?? f.name.value;
    if (keys.has(key)) return null;
    keys.add(key);
    if (f.name.value === '__typename') {
      roots.push({ key, name: '__typename', node: null, kind: 'typename', entity: null, picks: [] });
      continue;
    }
    const root = ROOTS.get(f.name.value);
    if (!root) return null;
    const picks = root.kind === 'count' ? [] : f.selectionSet ? picksOf(root.entity, f.selectionSet, fragments) : null;
    if (!picks) return null;
    roots.push({ key, name: f.name.value, node: f, kind: root.kind, entity: root.entity, picks });
  }
  return roots;
}

/** The plan's root fields with this request's arguments; null when the variables or arguments are refused (the usual path says why). */
export function directRoots(
  schema: GraphQLSchema,
  document: DocumentNode,
  plan: PlanRoot[],
  variables: unknown,
  operationName?: string,
): DirectRoot[] | null {
  const op = getOperationAST(document, operationName);
  if (!op) return null;
  const coerced = getVariableValues(schema, op.variableDefinitions ?? [], (variables ?? {}) as Record<string, unknown>, { maxErrors: 1 });
  if (coerced.errors) return null;
  const fields = schema.getQueryType()!.getFields();
  try {
    return plan.map((r): DirectRoot => {
      if (r.kind === 'typename') return { key: r.key, kind: 'typename' };
      const args = getArgumentValues(fields[r.name], r.node!, coerced.coerced);
      assertNoNul(args);
      const entity = r.entity!;
      if (r.kind === 'count') return { key: r.key, kind: 'count', entity, filter: filterOf(args) };
      if (r.kind === 'byId') return { key: r.key, kind: 'byId', entity, id: String(args.id), picks: r.picks };
      return { key: r.key, kind: 'list', entity, args: args as ListArgs, picks: r.picks };
    });
  } catch {
    return null;
  }
}

/**
 * Compiled direct answers, by plan, caller and variables as sent: the same read by the same
 * caller (a list reloaded, a page polled, a colleague of the same account) skips coercing its
 * variables and arguments and compiling its SQL. Compiling is pure (crud/batch.ts compileDirect:
 * the statement depends only on the plan, the caller in every respect and the variables), and
 * the statement still checks the session and reads the rows afresh each time. Bounded: the
 * oldest entry goes first; variables longer than STATEMENT_CACHE_MAX_VARIABLES are not kept.
 */
const STATEMENT_CACHE_SIZE = 1000;
const STATEMENT_CACHE_MAX_VARIABLES = 4096;
const statements = new Map<string, DirectStatement>();
const planIds = new WeakMap<PlanRoot[], number>();
let nextPlanId = 0;

/** The direct answer's statement for this request (kept, or compiled now), or null when it cannot be answered directly. */
export function directStatement(
  schema: GraphQLSchema,
  document: DocumentNode,
  plan: PlanRoot[],
  variables: unknown,
  operationName: string | undefined,
  caller: Caller | null,
): DirectStatement | null {
  let planId = planIds.get(plan);
  if (planId === undefined) planIds.set(plan, (planId = nextPlanId++));
  const vars = variables == null ? '' : JSON.stringify(variables);
  const key = vars.length <= STATEMENT_CACHE_MAX_VARIABLES ? `${planId}\n${JSON.stringify(caller)}\n${vars}` : null;
  const kept = key === null ? undefined : statements.get(key);
  if (kept) return kept;
  const roots = directRoots(schema, document, plan, variables, operationName);
  const statement = roots && compileDirect(caller, roots);
  if (statement && key !== null) {
    if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
    statements.set(key, statement);
  }
  return statement;
}
