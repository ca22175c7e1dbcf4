import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import multipart from '@fastify/multipart';
import {
  GraphQLError,
  execute,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_MAX_UPLOAD_BYTES, MB, messages } from '@hub/model';
import { BadInputError } from '../crud/errors';
import type { UploadLike } from '../crud/values';
import { isDatabaseUnavailable, type Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import { buildSchema } from './schema';

/** Limits that reject abusive queries before any database work. */
export const LIMITS = { maxDepth: 8, maxAliases: 15, maxCost: 1000, maxTokens: 3000, maxDirectives: 20 };

const rules: ValidationRule[] = [
  ...specifiedRules,
  maxDepthRule({ n: LIMITS.maxDepth, ignoreIntrospection: true }) as ValidationRule,
  maxAliasesRule({ n: LIMITS.maxAliases }) as ValidationRule,
  costLimitRule({ maxCost: LIMITS.maxCost, ignoreIntrospection: true }) as ValidationRule,
  maxDirectivesRule({ n: LIMITS.maxDirectives }) as ValidationRule,
];

interface GraphqlBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

type Prepared = { document: DocumentNode } | { errors: readonly GraphQLError[] };

/**
 * Parsing and validation depend only on the query text: remember the outcome of the most
 * recent queries, so a client's repeated query costs one map lookup.
 */
function preparer(schema: GraphQLSchema) {
  const cache = new Map<string, Prepared>();
  return (query: string): Prepared => {
    const hit = cache.get(query);
    if (hit) return hit;
    let prepared: Prepared;
    try {
      const document = parse(query, { maxTokens: LIMITS.maxTokens });
      const errors = validate(schema, document, rules);
      prepared = errors.length ? { errors } : { document };
    } catch (err) {
      prepared = { errors: [err instanceof GraphQLError ? err : new GraphQLError(String(err))] };
    }
    if (cache.size >= 500) cache.delete(cache.keys().next().value!);
    cache.set(query, prepared);
    return prepared;
  };
}

/** The GraphQL multipart request convention: operations, then a map of file fields to variable paths. */
async function readMultipart(req: FastifyRequest): Promise<GraphqlBody> {
  let operations: GraphqlBody | null = null;
  let map: Record<string, string[]> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        const value = JSON.parse(String(part.value)) as unknown;
        if (part.fieldname === 'operations') operations = value as GraphqlBody;
        else if (part.fieldname === 'map') map = value as Record<string, string[]>;
        continue;
      }
      if (!operations) throw new BadInputError('A multipart request must send operations and map before its files');
      const data = await part.toBuffer();
      const upload: UploadLike = {
        name: part.filename,
        type: part.mimetype,
        size: data.byteLength,
        arrayBuffer: async () => data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer,
      };
      for (const path of map[part.fieldname] ?? []) setPath(operations, path, upload);
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new BadInputError(messages.fileTooLarge(DEFAULT_MAX_UPLOAD_BYTES / MB));
    if (err instanceof SyntaxError) throw new BadInputError('operations and map must be JSON');
    throw err;
  }
  if (!operations) throw new BadInputError('A multipart request must send operations');
  return operations;
}

function setPath(target: GraphqlBody, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') throw new BadInputError(`map path ${path} does not exist in operations`);
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
}

/** POST /api/graphql: JSON or multipart, parsed and validated (limits included) before any database work. */
export async function mountGraphql(app: FastifyInstance, deps: { db: Db; storage: FileStorage }): Promise<void> {
  const schema = buildSchema();
  const prepare = preparer(schema);
  await app.register(multipart, { limits: { fileSize: DEFAULT_MAX_UPLOAD_BYTES, files: 20, fields: 10 } });

  app.post('/api/graphql', async (req: FastifyRequest, reply: FastifyReply) => {
    const body = (req.isMultipart() ? await readMultipart(req) : (req.body ?? {})) as GraphqlBody;
    if (typeof body.query !== 'string') return reply.status(400).send({ errors: [{ message: 'The request must carry a GraphQL query' }] });
    if (body.variables != null && (typeof body.variables !== 'object' || Array.isArray(body.variables)))
      return reply.status(400).send({ errors: [{ message: 'variables must be an object' }] });
    const prepared = prepare(body.query);
    if ('errors' in prepared) return reply.status(400).send({ errors: prepared.errors.map((e) => e.toJSON()) });
    const result = await execute({
      schema,
      document: prepared.document,
      variableValues: body.variables as Record<string, unknown> | undefined,
      operationName: typeof body.operationName === 'string' ? body.operationName : undefined,
      contextValue: { db: deps.db, storage: deps.storage, caller: req.caller },
    });
    // The database could not be reached: the app's error handler answers 503 with Retry-After.
    const outage = result.errors?.find((error) => isDatabaseUnavailable(error.originalError));
    if (outage) throw outage.originalError;
    const errors = result.errors?.map((error) => {
      if (!error.originalError || error.originalError instanceof GraphQLError) return error.toJSON();
      req.log.error({ err: error.originalError }, 'GraphQL resolver failed');
      return { message: 'Unexpected error.', locations: error.locations, path: error.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    });
    return reply.send(errors ? { errors, data: result.data ?? null } : { data: result.data });
  });
}
