import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { httpMessages } from './messages';

const errors = {
  description: 'The token is missing, unknown or revoked',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { errors: { type: 'array', items: { type: 'object', properties: { message: { type: 'string' } } } } },
      },
      example: { errors: [{ message: httpMessages.badApiToken }] },
    },
  },
};

/**
 * The field-service integration API as it stands: what an organisation's API token may
 * call. Written by hand (the calls are those of the main API, seen with a token), so it
 * says only what the server does today.
 */
export const integrationDocument = {
  openapi: '3.0.3',
  info: {
    title: 'Safety Hub integration API',
    version: '1',
    description: [
      "For an organisation's field-service application. A manager of the organisation creates an API token on the member site's Integrations page; the key is shown once.",
      '',
      'Send it on every request as `Authorization: Bearer <key>`. No cookie and no anti-forgery header are needed. An unknown or revoked token gets 401.',
      '',
      "A request with a token acts for the token's organisation as a member (MehubAccount group) without a member role: it reads and writes exactly what that group may, and only the organisation's records (its assets, documents, submissions and so on). Role-based rights (for example deleting assets) are not granted to tokens.",
      '',
      'The entity operations, conditions, paging and file uploads are those of the main API: see /api/swagger and docs/api.md.',
    ].join('\n'),
  },
  servers: [{ url: '/' }],
  components: {
    securitySchemes: { token: { type: 'http', scheme: 'bearer', description: 'An API token from the Integrations page (hub_...)' } },
  },
  security: [{ token: [] }],
  paths: {
    '/api/graphql': {
      post: {
        tags: ['GraphQL'],
        summary: "Query and change the organisation's records",
        description:
          'A GraphQL request `{query, variables}` (JSON), or a GraphQL multipart request (`operations`, `map`, then the files) for saves that carry files. Every entity has list, count, by-id, create, update and delete fields, e.g. `assetEntitys`, `countAssetEntitys`, `createAssetEntity`. Answers `{data}` or `{errors}` with the error messages.',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['query'], properties: { query: { type: 'string' }, variables: { type: 'object' } } },
              example: { query: '{ countAssetEntitys assetEntitys(take: 10) { id assetID description } }' },
            },
            'multipart/form-data': { schema: { type: 'object', properties: { operations: { type: 'string' }, map: { type: 'string' } } } },
          },
        },
        responses: {
          '200': { description: 'The data, or errors (validation, not allowed, not found)' },
          '401': errors,
        },
      },
    },
    '/api/entity/{entity}/export': {
      get: {
        tags: ['Entities'],
        summary: "CSV of the entity's records the token may read",
        parameters: [
          { name: 'entity', in: 'path', required: true, schema: { type: 'string' }, example: 'AssetEntity' },
          { name: 'stringConditions', in: 'query', schema: { type: 'string' }, description: 'A JSON list of condition groups' },
        ],
        responses: { '200': { description: 'text/csv' }, '401': errors, '404': { description: 'Unknown entity' } },
      },
    },
    '/api/files/{id}': {
      get: {
        tags: ['Files'],
        summary: "A stored file of one of the organisation's records",
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
          { name: 'download', in: 'query', schema: { type: 'string', enum: ['true'] } },
        ],
        responses: { '200': { description: 'The file' }, '401': errors, '404': { description: 'No such file, or not readable' } },
      },
    },
    '/api/files/metadata/{id}': {
      get: {
        tags: ['Files'],
        summary: "A stored file's name, type and size",
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: {
          '200': { description: '{id, fileName, contentType, size}' },
          '401': errors,
          '404': { description: 'No such file, or not readable' },
        },
      },
    },
  },
};

/** The integration API's OpenAPI page at /api/integration-swagger (UI) and /api/integration-swagger/json. */
export async function integrationOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    // A scope of its own: this description is static, apart from the main one at /api/swagger.
    await scope.register(swagger, { mode: 'static', specification: { document: integrationDocument as never } });
    await scope.register(swaggerUi, { routePrefix: '/api/integration-swagger', uiConfig: { docExpansion: 'list' } });
  });
}
