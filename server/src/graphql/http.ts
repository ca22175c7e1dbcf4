import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import multipart from '@fastify/multipart';
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  execute,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_MAX_UPLOAD_BYTES } from '@hub/model';
import { BadInputError, UserError } from '../core/errors';
import { answerDirect, readBatch } from '../crud/batch';
import { directPlan, directStatement } from './direct';
import { isDatabaseUnavailable, type Db } from '../db/client';
import { StagingFullError, UPLOAD_LIMITS, UploadStalledError, clip, type UploadTicket } from '../files/limits';
import type { FileStorage } from '../files/storage';
import { MAX_REQUEST_FILES, StagedUpload, discardUnstored } from '../files/upload';
import { buildSchema } from './schema';
import { admit, letGo, readMultipart } from './multipart';
import { oneMutationRule } from './one-mutation';

/** Limits that reject abusive queries before any database work. */
export const LIMITS = { maxDepth: 8, maxAliases: 15, maxCost: 1000, maxTokens: 3000, maxDirectives: 20 };

const rules: ValidationRule[] = [
  ...specifiedRules,
  maxDepthRule({ n: LIMITS.maxDepth, ignoreIntrospection: true }) as ValidationRule,
  maxAliasesRule({ n: LIMITS.maxAliases }) as ValidationRule,
  costLimitRule({ maxCost: LIMITS.maxCost, ignoreIntrospection: true }) as ValidationRule,
  maxDirectivesRule({ n: LIMITS.maxDirectives }) as ValidationRule,
  // Each mutation field commits on its own: one per operation (never an error after a commit).
  oneMutationRule,
];

/** Visitors (no caller) get neither introspection nor 'Did you mean' suggestions. */
const visitorRules: ValidationRule[] = [...rules, NoSchemaIntrospectionCustomRule];

export interface GraphqlBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

type Prepared = { document: DocumentNode } | { errors: readonly GraphQLError[] };
export type Prepare = (query: string) => Prepared;

/**
 * Parsing and validation depend only on the query text (and on the rules: visitors and
 * signed-in callers each get their own preparer): remember the outcome of the most
 * recent queries, so a client's repeated query costs one map lookup.
 */
function preparer(schema: GraphQLSchema, validationRules: ValidationRule[]): Prepare {
  const cache = new Map<string, Prepared>();
  return (query: string): Prepared => {
    const hit = cache.get(query);
    if (hit) return hit;
    let prepared: Prepared;
    try {
      const document = parse(query, { maxTokens: LIMITS.maxTokens });
      const errors = validate(schema, document, validationRules);
      prepared = errors.length ? { errors } : { document };
    } catch (err) {
      prepared = { errors: [err instanceof GraphQLError ? err : new GraphQLError(String(err))] };
    }
    if (cache.size >= 500) cache.delete(cache.keys().next().value!);
    cache.set(query, prepared);
    return prepared;
  };
}

/** graphql-js appends its suggestions at the end of a message. */
const withoutSuggestions = (message: string) => message.replace(/\s*Did you mean [\s\S]*$/, '');

/**
 * graphql-js quotes the client's text (field names, variable values) in its messages:
 * each quoted text at most 100 characters, the message at most 1000.
 */
const clipQuoted = (message: string) =>
  clip(
    message.replace(/"((?:[^"\\]|\\.)*)"/g, (quoted: string, text: string) => (text.length > 100 ? `"${clip(text)}"` : quoted)),
    1000,
  );

/** The caller's session confirmed by itself, else read again (a changed caller) or ended (401). */
export async function confirmCaller(req: FastifyRequest): Promise<void> {
  const session = req.pendingSession;
  if (!session) return;
  if (!(await readBatch(session.db, req.caller, session.pending).confirm())) await rereadCaller(req);
  req.pendingSession = null;
}

/** The caller read again (a 401 when the session ended on the server). */
async function rereadCaller(req: FastifyRequest): Promise<void> {
  const session = req.pendingSession!;
  req.pendingSession = null;
  req.caller = await session.reread();
}

/** POST /api/graphql: JSON or multipart, parsed and validated (limits included) before any database work. */
export async function mountGraphql(app: FastifyInstance, deps: { db: Db; storage: FileStorage }): Promise<void> {
  const schema = buildSchema();
  const prepareForUser = preparer(schema, rules);
  const prepareForVisitor = preparer(schema, visitorRules);
  // The reader's own hard limits; readMultipart applies the field's and the request's.
  await app.register(multipart, {
    limits: { fileSize: DEFAULT_MAX_UPLOAD_BYTES, files: MAX_REQUEST_FILES, fields: 2, parts: MAX_REQUEST_FILES + 2 },
  });

  /** Validation and execution of one request: the status and body to answer. */
  async function run(
    body: GraphqlBody,
    prepare: Prepare,
    req: FastifyRequest,
    shown: (error: GraphQLError) => unknown,
  ): Promise<{ status: number; payload: unknown; raw?: true }> {
    if (typeof body.query !== 'string') throw new BadInputError('The request must carry a GraphQL query');
    if (body.variables != null && (typeof body.variables !== 'object' || Array.isArray(body.variables)))
      throw new BadInputError('variables must be an object');
    const prepared = prepare(body.query);
    if ('errors' in prepared) {
      await confirmCaller(req);
      return { status: 400, payload: { errors: prepared.errors.map(shown) } };
    }
    const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
    // A caller still to be confirmed (app.ts): a query confirms it in its one statement; anything
    // else (a mutation, an upload) confirms it first.
    if (req.pendingSession && getOperationAST(prepared.document, operationName)?.operation !== 'query') await confirmCaller(req);
    // A plain read is answered by the database as it is (graphql/direct.ts); else, or when it
    // cannot be, graphql-js executes the query.
    const plan = directPlan(prepared.document, operationName);
    const statement = plan && directStatement(schema, prepared.document, plan, body.variables, operationName, req.caller);
    if (statement) {
      const direct = await answerDirect(deps.db, req.caller, req.pendingSession?.pending ?? null, statement);
      if (direct && 'body' in direct) {
        req.pendingSession = null;
        return { status: 200, payload: direct.body, raw: true };
      }
      if (direct) await rereadCaller(req);
    }
    const executeAs = async () => {
      const reads = readBatch(deps.db, req.caller, req.pendingSession?.pending ?? null);
      const result = await execute({
        schema,
        document: prepared.document,
        variableValues: body.variables as Record<string, unknown> | undefined,
        operationName,
        contextValue: { db: deps.db, storage: deps.storage, caller: req.caller, reads },
      });
      return { result, reads };
    };
    let { result, reads } = await executeAs();
    // Nothing is answered for a session that was not confirmed: when the statement found it
    // ended or changed (or nothing was read), read the caller again and answer as them.
    if (req.pendingSession && (reads.refused || !(reads.confirmed || (await reads.confirm())))) {
      await rereadCaller(req);
      ({ result, reads } = await executeAs());
    }
    req.pendingSession = null;
    // The database could not be reached: the app's error handler answers 503 with Retry-After.
    const outage = result.errors?.find((error) => isDatabaseUnavailable(error.originalError));
    if (outage) throw outage.originalError;
    const errors = result.errors?.map((error) => {
      if (!error.originalError || error.originalError instanceof UserError || error.originalError instanceof GraphQLError)
        return shown(error);
      req.log.error({ err: error.originalError }, 'GraphQL resolver failed');
      return { message: 'Unexpected error.', locations: error.locations, path: error.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    });
    return { status: 200, payload: errors ? { errors, data: result.data ?? null } : { data: result.data } };
  }

  app.post('/api/graphql', async (req: FastifyRequest, reply: FastifyReply) => {
    const visitor = !req.caller;
    const prepare = visitor ? prepareForVisitor : prepareForUser;
    // Visitors get neither introspection nor suggestions (in validation and in variable errors).
    const shown = (error: GraphQLError) => {
      const json = error.toJSON();
      return { ...json, message: clipQuoted(visitor ? withoutSuggestions(json.message) : json.message) };
    };
    let body: GraphqlBody;
    let uploads: StagedUpload[] = [];
    let ticket: UploadTicket | null = null;
    if (req.isMultipart()) {
      try {
        ticket = await admit(req, deps.db);
        ({ body, uploads } = await readMultipart(req, schema, prepare, deps.storage, ticket));
      } catch (err) {
        ticket?.release();
        letGo(req, reply);
        if (err instanceof StagingFullError) reply.header('retry-after', String(UPLOAD_LIMITS.retryAfterSeconds));
        // The client sends nothing more: answer, then close the connection.
        if (err instanceof UploadStalledError) reply.header('connection', 'close');
        throw err;
      }
    } else body = (req.body ?? {}) as GraphqlBody;
    let answer: { status: number; payload: unknown; raw?: true };
    try {
      answer = await run(body, prepare, req, shown);
    } catch (err) {
      // Even a refusal is answered only to a confirmed session (else 401).
      await confirmCaller(req);
      throw err;
    } finally {
      // Uploads no committed file row took (a refused or failed save) are not kept.
      await discardUnstored(deps.db, deps.storage, uploads).finally(() => ticket?.release());
    }
    // A direct answer is already the JSON text of the answer.
    if (answer.raw) return reply.status(answer.status).type('application/json; charset=utf-8').send(answer.payload);
    return reply.status(answer.status).send(answer.payload);
  });
}
