import {
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  type GraphQLFieldConfigMap,
} from 'graphql';
import { allEntities, opNames, type EntityDef } from '@hub/model';
import type { Caller } from '../access/caller';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import { countRecords, getRecord, listRecords, type ListArgs } from '../crud/list';
import { saveRecords } from '../crud/save';
import { deleteRecords, deleteWhere } from '../crud/delete';
import { updateWhere } from '../crud/update-where';
import type { Filter } from '../crud/conditions';
import { BadInputError } from '../crud/errors';
import { UploadScalar, allEnumTypes, filterArgs, idList, pageArgs } from './common';
import { inputType, objectType } from './entity-types';
import { selectionOf } from './selection';

export interface GraphContext {
  db: Db;
  storage: FileStorage;
  caller: Caller | null;
}

type Args = Record<string, unknown>;
type Field = GraphQLFieldConfigMap<unknown, GraphContext>;

const filterOf = (a: Args): Filter => ({
  where: a.where as Filter['where'],
  conditions: a.conditions as Filter['conditions'],
  ids: a.ids as string[] | null,
  has: a.has as Filter['has'],
});

const inputsOf = (value: unknown): Record<string, unknown>[] => ((value as Record<string, unknown>[] | null) ?? []).map((i) => ({ ...i }));

function queriesOf(entity: EntityDef): Field {
  const n = opNames(entity.name);
  const type = objectType(entity);
  const list = new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type)));
  const listResolve = (_: unknown, a: Args, ctx: GraphContext, info: Parameters<typeof selectionOf>[0]) =>
    listRecords(ctx.db, ctx.caller, entity, a as ListArgs, selectionOf(info));
  return {
    [n.list]: { type: list, description: `${entity.label} records`, args: { ...filterArgs, ...pageArgs }, resolve: listResolve },
    [n.conditional]: { type: list, args: { ...filterArgs, ...pageArgs }, resolve: listResolve },
    [n.count]: {
      type: new GraphQLNonNull(GraphQLInt),
      args: filterArgs,
      resolve: (_: unknown, a: Args, ctx: GraphContext) => countRecords(ctx.db, ctx.caller, entity, filterOf(a)),
    },
    [n.countConditional]: {
      type: new GraphQLNonNull(GraphQLInt),
      args: filterArgs,
      resolve: (_: unknown, a: Args, ctx: GraphContext) => countRecords(ctx.db, ctx.caller, entity, filterOf(a)),
    },
    [n.byId]: {
      type,
      args: { id: { type: new GraphQLNonNull(GraphQLID) } },
      resolve: (_: unknown, a: Args, ctx: GraphContext, info) => getRecord(ctx.db, ctx.caller, entity, String(a.id), selectionOf(info)),
    },
  };
}

function mutationsOf(entity: EntityDef): Field {
  const n = opNames(entity.name);
  const type = objectType(entity);
  const list = new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type)));
  const models = { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(inputType(entity)))) };
  const mergeReferences = { type: new GraphQLList(new GraphQLNonNull(GraphQLString)) };
  const save = (mode: 'create' | 'update') => async (_: unknown, a: Args, ctx: GraphContext, info: Parameters<typeof selectionOf>[0]) => {
    const ids = await saveRecords(ctx, ctx.caller, entity, inputsOf(a[n.inputArg]), mode, a.mergeReferences as string[] | null);
    const rows = (await listRecords(ctx.db, ctx.caller, entity, { ids, take: ids.length }, { ...selectionOf(info), id: true }, true)) as {
      id: string;
    }[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter(Boolean);
  };
  return {
    [n.create]: { type: list, args: { [n.inputArg]: models, mergeReferences }, resolve: save('create') },
    [n.update]: { type: list, args: { [n.inputArg]: models, mergeReferences }, resolve: save('update') },
    [n.delete]: {
      type: new GraphQLNonNull(idList),
      args: { [n.idsArg]: { type: new GraphQLNonNull(idList) } },
      resolve: (_: unknown, a: Args, ctx: GraphContext) => deleteRecords(ctx.db, ctx.caller, entity, a[n.idsArg] as string[]),
    },
    [n.deleteConditional]: {
      type: new GraphQLNonNull(idList),
      args: { conditions: filterArgs.conditions, ids: filterArgs.ids, where: filterArgs.where },
      resolve: (_: unknown, a: Args, ctx: GraphContext) => deleteWhere(ctx.db, ctx.caller, entity, filterOf(a)),
    },
    [n.updateConditional]: {
      type: new GraphQLNonNull(idList),
      args: {
        conditions: filterArgs.conditions,
        ids: filterArgs.ids,
        where: filterArgs.where,
        fieldsToUpdate: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLString))) },
        values: { type: new GraphQLNonNull(inputType(entity)) },
      },
      resolve: (_: unknown, a: Args, ctx: GraphContext) => {
        if (!a.values) throw new BadInputError('values are required');
        return updateWhere(ctx, ctx.caller, entity, filterOf(a), a.fieldsToUpdate as string[], { ...(a.values as Args) });
      },
    },
  };
}

/** The whole GraphQL schema, derived from the model: every entity the same way. */
export function buildSchema(): GraphQLSchema {
  const query: Field = {};
  const mutation: Field = {};
  for (const entity of allEntities()) {
    Object.assign(query, queriesOf(entity));
    Object.assign(mutation, mutationsOf(entity));
  }
  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: query }),
    mutation: new GraphQLObjectType({ name: 'Mutation', fields: mutation }),
    types: [UploadScalar, ...allEnumTypes()],
  });
}
