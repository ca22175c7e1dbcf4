import { opNames } from '@hub/model';
import type { Harness } from './harness';

/** GraphQL calls of the records' API tests: every answer as `{ r, message }` (the first error's message). */
export function recordApi(h: () => Harness) {
  const run = async (who: string, query: string, variables: Record<string, unknown>) => {
    const res = await h().gql<{ r: unknown }>(who, query, variables);
    return { r: res.data?.r as never, message: res.errors?.[0]?.message ?? null, code: res.errors?.[0]?.extensions?.code ?? null };
  };
  return {
    create: <T = { id: string }>(who: string, entity: string, models: Record<string, unknown>[], fields = 'id') => {
      const n = opNames(entity);
      return run(who, `mutation($m: [${n.input}!]!) { r: ${n.create}(${n.inputArg}: $m) { ${fields} } }`, { m: models }) as Promise<{
        r: T[] | undefined;
        message: string | null;
        code: unknown;
      }>;
    },
    update: <T = { id: string }>(who: string, entity: string, models: Record<string, unknown>[], fields = 'id') => {
      const n = opNames(entity);
      return run(who, `mutation($m: [${n.input}!]!) { r: ${n.update}(${n.inputArg}: $m) { ${fields} } }`, { m: models }) as Promise<{
        r: T[] | undefined;
        message: string | null;
        code: unknown;
      }>;
    },
    bulk: (who: string, entity: string, ids: string[], fieldsToUpdate: string[], values: Record<string, unknown>) => {
      const n = opNames(entity);
      return run(
        who,
        `mutation($i: [ID!], $f: [String!]!, $v: ${n.input}!) { r: ${n.updateConditional}(ids: $i, fieldsToUpdate: $f, values: $v) }`,
        { i: ids, f: fieldsToUpdate, v: values },
      );
    },
    remove: (who: string, entity: string, ids: string[]) => {
      const n = opNames(entity);
      return run(who, `mutation($i: [ID!]!) { r: ${n.delete}(${n.idsArg}: $i) }`, { i: ids });
    },
    /** A row's columns straight from the database. */
    row: async <T = Record<string, unknown>>(table: string, id: string, columns = '*'): Promise<T | undefined> =>
      (await h().db.query<T & Record<string, unknown>>(`SELECT ${columns} FROM ${table} WHERE id = $1`, [id])).rows[0],
  };
}
