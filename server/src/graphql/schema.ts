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
import { listRecords, type ListArgs } from '../crud/list';
import type { ReadBatch } from '../crud/batch';
import { saveThen } from '../crud/save';
import { deleteRecords, deleteWhere } from '../crud/delete';
import { updateWhere } from '../crud/update-where';
import { BadInputError } from '../core/errors';
import { assertNoNul } from '../core/strings';
import { UploadScalar, allEnumTypes, filterArgs, filterOf, idList, pageArgs } from './common';
import { inputType, objectType } from './entity-types';
import { selectionOf } from './selection';

export interface GraphContext {
  db: Db;
  storage: FileStorage;
  caller: Caller | null;
  /** The request's reads, sent as one statement (crud/batch.ts); mutations read in their own transaction. */
  reads: ReadBatch;
}

type Args = Record<string, unknown>;
type Field = GraphQLFieldConfigMap<unknown, GraphContext>;

const inputsOf = (value: unknown): Record<string, unknown>[] => ((value as Record<string, unknown>[] | null) ?? []).map((i) => ({ ...i }));

function queriesOf(entity: EntityDef): Field {
  const n = opNames(entity.name);
  const type = objectType(entity);
  const list = new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type)));
  const listResolve = (_: unknown, a: Args, ctx: GraphContext, info: Parameters<typeof selectionOf>[0]) =>
    ctx.reads.list(entity, a as ListArgs, selectionOf(info));
  return {
    [n.list]: { type: list, description: `${entity.label} records`, args: { ...filterArgs, ...pageArgs }, resolve: listResolve },
    [n.conditional]: { type: list, args: { ...filterArgs, ...pageArgs }, resolve: listResolve },
    [n.count]: {
      type: new GraphQLNonNull(GraphQLInt),
      args: filterArgs,
      resolve: (_: unknown, a: Args, ctx: GraphContext) => ctx.reads.count(entity, filterOf(a)),
    },
    [n.countConditional]: {
      type: new GraphQLNonNull(GraphQLInt),
      args: filterArgs,
      resolve: (_: unknown, a: Args, ctx: GraphContext) => ctx.reads.count(entity, filterOf(a)),
    },
    [n.byId]: {
      type,
      args: { id: { type: new GraphQLNonNull(GraphQLID) } },
      resolve: async (_: unknown, a: Args, ctx: GraphContext, info) =>
        (await ctx.reads.list(entity, { ids: [String(a.id)], take: 1 }, selectionOf(info)))[0] ?? null,
    },
  };
}

function mutationsOf(entity: EntityDef): Field {
  const n = opNames(entity.name);
  const type = objectType(entity);
  const list = new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type)));
  const models = { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(inputType(entity)))) };
  const mergeReferences = { type: new GraphQLList(new GraphQLNonNull(GraphQLString)) };
  // The answer is read in the save's own transaction: an error reading it commits nothing.
  const save = (mode: 'create' | 'update') => (_: unknown, a: Args, ctx: GraphContext, info: Parameters<typeof selectionOf>[0]) =>
    saveThen(ctx, ctx.caller, entity, inputsOf(a[n.inputArg]), mode, a.mergeReferences as string[] | null, async (tx, ids) => {
      if (!ids.length) return [];
      const unique = [...new Set(ids)];
      const sel = { ...selectionOf(info), id: true as const };
      const rows = (await listRecords(tx, ctx.caller, entity, { ids: unique, take: unique.length }, sel, true)) as { id: string }[];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id)).filter(Boolean);
    });
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

/**
 * Arguments, from variables and inline literals alike, holding a NUL character anywhere are
 * refused before the resolver runs (the request guard cannot see GraphQL's own string escapes).
 */
function refuseNul(fields: Field): Field {
  for (const config of Object.values(fields)) {
    const resolve = config.resolve;
    if (resolve)
      config.resolve = (source, args, ctx, info) => {
        assertNoNul(args);
        return resolve(source, args, ctx, info);
      };
  }
  return fields;
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
    query: new GraphQLObjectType({ name: 'Query', fields: refuseNul(query) }),
    mutation: new GraphQLObjectType({ name: 'Mutation', fields: refuseNul(mutation) }),
    types: [UploadScalar, ...allEnumTypes()],
  });
}
