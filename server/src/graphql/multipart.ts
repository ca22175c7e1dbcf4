/** The GraphQL multipart request convention (operations, map, then files) for POST /api/graphql: bounded, ordered and typed before any file is read. */
import {
  GraphQLError,
  getNullableType,
  getOperationAST,
  isInputObjectType,
  isListType,
  typeFromAST,
  type DocumentNode,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_MAX_UPLOAD_BYTES, MB, findEntity, messages } from '@hub/model';
import { isAdministrator } from '../access/caller';
import { BadInputError, UserError } from '../core/errors';
import { organisationFileBytes } from '../crud/file-usage';
import type { Db } from '../db/client';
import { UploadStalledError, admitUpload, clip, uploadBudget, watchIdle, type UploadTicket } from '../files/limits';
import type { FileStorage } from '../files/storage';
import { MAX_REQUEST_FILES, StagedUpload, UploadTooLargeError, partLimit, stageUpload } from '../files/upload';
import { UploadScalar } from './common';
import type { GraphqlBody, Prepare } from './http';

export const multipartMessages = {
  signIn: 'You need to sign in to upload files',
  order: 'A multipart request must send operations and map before its files.',
  operationsFirst: 'A multipart request must send operations before map.',
  noOperations: 'A multipart request must send operations.',
  json: 'operations and map must be JSON.',
  operationsShape: 'operations must be one JSON object with a query.',
  mapShape: 'map must be a JSON object of file part names to lists of paths.',
  reservedKey: "operations must not contain the keys '__proto__' or 'constructor.prototype'.",
  // Client-given names and paths are cut to 100 characters.
  unknownField: (name: string) => `Unknown multipart field '${clip(name)}': a request sends operations, map, then its files.`,
  unnamedPart: (name: string) => `The file part '${clip(name)}' is not named in map.`,
  twice: (name: string) => `The file part '${clip(name)}' is sent twice.`,
  badPath: (path: string) => `The map path '${clip(path)}' does not name a file of the operation.`,
  tooManyFiles: `A request may carry at most ${MAX_REQUEST_FILES} files.`,
  malformed: 'The multipart request is malformed.',
  onlyParts: `A multipart request sends operations, map and at most ${MAX_REQUEST_FILES} files, nothing else.`,
} as const;

/** Names that reach an object's prototype: never a step of a client-given path. */
const RESERVED = new Set(['__proto__', 'prototype', 'constructor']);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && [Object.prototype, null].includes(Object.getPrototypeOf(v));

/** JSON of a multipart field, refusing keys that would reach a prototype when copied (as Fastify's JSON bodies do). */
function parseJsonField(text: string): unknown {
  try {
    return JSON.parse(text, (key, value: unknown) => {
      if (key === '__proto__' || (key === 'constructor' && isPlainObject(value) && Object.hasOwn(value, 'prototype')))
        throw new BadInputError(multipartMessages.reservedKey);
      return value;
    });
  } catch (err) {
    if (err instanceof SyntaxError) throw new BadInputError(multipartMessages.json);
    throw err;
  }
}

/**
 * Where a map path puts a file in operations: an own property of a plain object, or an
 * index of an array, reached only through own properties; never a reserved name.
 */
function slotAt(operations: GraphqlBody, segments: string[]): { node: object; key: string } | null {
  let node: unknown = operations;
  for (const [i, key] of segments.entries()) {
    if (RESERVED.has(key)) return null;
    const last = i === segments.length - 1;
    if (Array.isArray(node)) {
      if (!/^(0|[1-9]\d{0,5})$/.test(key) || Number(key) >= node.length) return null;
    } else if (!isPlainObject(node) || (!last && !Object.hasOwn(node, key))) return null;
    if (last) return { node, key };
    node = (node as Record<string, unknown>)[key];
  }
  return null;
}

/**
 * The upload limit of the file a map path names (`variables.m.0.attachments`), from the
 * operation's variable types and the model's file field; null when the path names no
 * Upload of the operation.
 */
function fileLimitAt(schema: GraphQLSchema, document: DocumentNode, operationName: unknown, segments: string[]): number | null {
  if (segments[0] !== 'variables' || segments.length < 2) return null;
  const operation = getOperationAST(document, typeof operationName === 'string' ? operationName : undefined);
  const definition = operation?.variableDefinitions?.find((d) => d.variable.name.value === segments[1]);
  if (!definition) return null;
  let type: GraphQLInputType | undefined = typeFromAST(schema, definition.type) as GraphQLInputType | undefined;
  let holder: GraphQLInputObjectType | null = null;
  for (const key of segments.slice(2)) {
    const nullable = type && getNullableType(type);
    if (isListType(nullable) && /^\d+$/.test(key)) type = nullable.ofType as GraphQLInputType;
    else if (isInputObjectType(nullable) && Object.hasOwn(nullable.getFields(), key)) {
      holder = nullable;
      type = nullable.getFields()[key].type;
    } else return null;
  }
  if (!type || getNullableType(type) !== UploadScalar) return null;
  const entity = holder?.name.endsWith('Input') ? findEntity(holder.name.slice(0, -'Input'.length)) : undefined;
  const field =
    entity && Object.hasOwn(entity.fields, segments[segments.length - 1]) ? entity.fields[segments[segments.length - 1]] : undefined;
  return (field?.kind === 'file' && field.maxBytes) || DEFAULT_MAX_UPLOAD_BYTES;
}

interface MapEntry {
  slots: { node: object; key: string }[];
  maxBytes: number;
  received: boolean;
}

/** The map, checked against operations and the schema before any file is read. */
function readMap(schema: GraphQLSchema, prepare: Prepare, operations: GraphqlBody, value: unknown): Map<string, MapEntry> {
  if (!isPlainObject(value)) throw new BadInputError(multipartMessages.mapShape);
  const entries = Object.entries(value);
  if (entries.length > MAX_REQUEST_FILES) throw new UploadTooLargeError(multipartMessages.tooManyFiles);
  const prepared = prepare(operations.query as string);
  if ('errors' in prepared) throw prepared.errors[0];
  const map = new Map<string, MapEntry>();
  for (const [name, paths] of entries) {
    if (!Array.isArray(paths) || !paths.length || paths.length > 10 || !paths.every((p) => typeof p === 'string'))
      throw new BadInputError(multipartMessages.mapShape);
    const entry: MapEntry = { slots: [], maxBytes: DEFAULT_MAX_UPLOAD_BYTES, received: false };
    for (const path of paths as string[]) {
      const segments = path.split('.');
      const slot = slotAt(operations, segments);
      const limit = slot && fileLimitAt(schema, prepared.document, operations.operationName, segments);
      if (!slot || !limit) throw new BadInputError(multipartMessages.badPath(path));
      entry.slots.push(slot);
      entry.maxBytes = Math.min(entry.maxBytes, limit);
    }
    map.set(name, entry);
  }
  return map;
}

/** Errors of the multipart reader (@fastify/multipart, busboy) as clear messages. */
function multipartError(err: unknown): unknown {
  if (err instanceof UserError || err instanceof GraphQLError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new UploadTooLargeError(messages.fileTooLarge(DEFAULT_MAX_UPLOAD_BYTES / MB));
  if (code === 'FST_FILES_LIMIT') return new UploadTooLargeError(multipartMessages.tooManyFiles);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return new BadInputError(multipartMessages.onlyParts);
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return new BadInputError(multipartMessages.json);
  if (code === 'FST_PROTO_VIOLATION') return new BadInputError('A multipart part may not be named after a property of every object.');
  if (err instanceof Error && /multipart|terminated early|Unexpected end/i.test(err.message))
    return new BadInputError(multipartMessages.malformed);
  return err;
}

/**
 * Admits a multipart request before any part of it is read: signed-in callers only, within
 * their organisation's storage quota and their account's upload rate (counted in the
 * database, files/limits.ts; administrators are bound by neither), a few open uploads per
 * caller, and only while the hub has room to stage files.
 */
export async function admit(req: FastifyRequest, db: Db): Promise<UploadTicket> {
  const caller = req.caller;
  if (!caller) throw new UserError(multipartMessages.signIn, 'UNAUTHENTICATED', 401);
  const account = `${caller.kind}:${caller.userId}`;
  const administrator = isAdministrator(caller);
  const organisationId = administrator ? null : caller.organisationId;
  const organisationUsed = organisationId ? await organisationFileBytes(db, organisationId) : null;
  const budget = await uploadBudget(db, account, { administrator, organisationUsed });
  return admitUpload(account, budget, organisationId);
}

/**
 * The GraphQL multipart request convention, bounded before it is read: operations, then
 * map (checked against the operation), then only the files the map names, each streamed
 * to storage up to its field's limit and the request's total, counted against the bytes
 * all requests may stage at once. A body from which nothing arrives for the idle time
 * has stalled: its files are removed and it is refused (408).
 */
export async function readMultipart(
  req: FastifyRequest,
  schema: GraphQLSchema,
  prepare: Prepare,
  storage: FileStorage,
  ticket: UploadTicket,
): Promise<{ body: GraphqlBody; uploads: StagedUpload[] }> {
  let operations: GraphqlBody | null = null;
  let map: Map<string, MapEntry> | null = null;
  const uploads: StagedUpload[] = [];
  let total = 0;
  const parts = req.parts()[Symbol.asyncIterator]();
  const nextPart = () => {
    const next = parts.next();
    next.catch(() => {}); // a part nobody waits for any more (the request was refused) fails unseen
    return next;
  };
  // The first call starts the reader, which pipes the request body to itself: from then on
  // the body can be watched without changing how it flows.
  let pending = nextPart();
  let stall: () => void = () => {};
  const stalled = new Promise<never>((_, reject) => (stall = () => reject(new UploadStalledError())));
  stalled.catch(() => {});
  let file: Readable | null = null;
  let staging: Promise<StagedUpload> | null = null;
  const stopWatching = watchIdle(req.raw, () => {
    file?.destroy(new UploadStalledError());
    stall();
  });
  try {
    for (;;) {
      const { value: part, done } = await Promise.race([pending, stalled]);
      if (done) break;
      if (part.type === 'field') {
        if (part.fieldname === 'operations' && !operations && !map) {
          const value = parseJsonField(String(part.value));
          if (!isPlainObject(value) || typeof value.query !== 'string') throw new BadInputError(multipartMessages.operationsShape);
          operations = value;
        } else if (part.fieldname === 'map' && !map) {
          if (!operations) throw new BadInputError(multipartMessages.operationsFirst);
          map = readMap(schema, prepare, operations, parseJsonField(String(part.value)));
        } else throw new BadInputError(multipartMessages.unknownField(part.fieldname));
        pending = nextPart();
        continue;
      }
      // A refused part is drained by the caller (the request is let go), never buffered.
      if (!map) throw new BadInputError(multipartMessages.order);
      const entry = map.get(part.fieldname);
      if (!entry) throw new BadInputError(multipartMessages.unnamedPart(part.fieldname));
      if (entry.received) throw new BadInputError(multipartMessages.twice(part.fieldname));
      entry.received = true;
      const limit = partLimit(entry.maxBytes, total);
      file = part.file;
      staging = stageUpload(storage, part.file, {
        name: part.filename,
        claimedType: part.mimetype,
        maxBytes: limit.maxBytes,
        tooLarge: limit.message,
        take: ticket.take,
        organisationId: ticket.organisationId,
      });
      const upload = await Promise.race([staging, stalled]);
      file = staging = null;
      uploads.push(upload);
      total += upload.size;
      for (const { node, key } of entry.slots)
        Object.defineProperty(node, key, { value: upload, writable: true, enumerable: true, configurable: true });
      pending = nextPart();
    }
    // The reader also ends when the client goes away: a request cut short is not run.
    if (!req.raw.readableEnded) throw new BadInputError(multipartMessages.malformed);
  } catch (err) {
    // A file still being staged is stored or removed first (its source has failed or been stopped).
    const late = staging && (await staging.catch(() => null));
    if (late) uploads.push(late);
    await Promise.all(uploads.map((u) => storage.remove(u.key)));
    throw multipartError(err);
  } finally {
    stopWatching();
    // What arrived is counted in the account's hour, whatever becomes of it.
    await ticket.finish();
  }
  if (!operations) throw new BadInputError(multipartMessages.noOperations);
  return { body: operations, uploads };
}

/**
 * A refused multipart request is let go at once: what still arrives is discarded, never kept,
 * and a request whose body is not all in is answered with `Connection: close` and its
 * connection closed as soon as the answer is out, so a client that still means to send (an
 * oversize part, or a body that stops arriving) neither holds the connection nor waits for the
 * idle time (issue 26, 6b).
 */
export function letGo(req: FastifyRequest, reply: FastifyReply): void {
  req.raw.unpipe();
  req.raw.resume();
  if (req.raw.readableEnded) return;
  reply.header('connection', 'close');
  reply.raw.once('finish', () => {
    const socket = req.raw.socket;
    socket.end();
    // The client may not read its side to the end: the connection goes in a second at most.
    setTimeout(() => socket.destroy(), 1000).unref();
  });
}
