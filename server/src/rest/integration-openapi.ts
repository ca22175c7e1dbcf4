import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { httpMessages } from './messages';

/** The field-service routes' messages and page limit (server/src/integration/ answers with them). */
export const integrationMessages = {
  tokenOnly: 'The integration API takes an API token: send Authorization: Bearer <token>',
  formNotFound: 'The form does not exist or is not offered to your organisation',
  noPublished: 'There is no published version for this form.',
  accountNotFound: 'mehubAccountId must be the id of a user of your organisation',
  noJobQuestion: 'This form has no job number question, so it cannot be submitted for a job',
  noAddressQuestion: 'This form has no job address question: leave jobAddress out',
} as const;

/** The most rows one page of a list gives. */
export const INTEGRATION_PAGE_MAX = 100;

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

const problem = (description: string, message: string) => ({
  description,
  content: { 'application/json': { schema: errors.content['application/json'].schema, example: { errors: [{ message }] } } },
});
const pageParams = [
  { name: 'skip', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
  { name: 'take', in: 'query', schema: { type: 'integer', minimum: 1, maximum: INTEGRATION_PAGE_MAX, default: 20 } },
];
const page = (item: Record<string, unknown>, example: Record<string, unknown>) => ({
  description: 'One page, and the total',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          items: { type: 'array', items: item },
          total: { type: 'integer' },
          skip: { type: 'integer' },
          take: { type: 'integer' },
        },
      },
      example: { items: [example], total: 1, skip: 0, take: 20 },
    },
  },
});
const uuid = { type: 'string', format: 'uuid' };
const formSchema = {
  type: 'object',
  properties: {
    id: uuid,
    name: { type: 'string' },
    formType: { type: 'string', example: 'RISK_ASSESSMENT' },
    isDefault: { type: 'boolean' },
    publishedVersion: {
      type: 'object',
      nullable: true,
      properties: {
        id: uuid,
        version: { type: 'integer' },
        definition: { type: 'object', description: 'slides (name, contents = questions), pagination, customOptions' },
      },
    },
    jobNumberQuestionId: {
      type: 'string',
      nullable: true,
      description: 'The question the job number is answered in (null: the form cannot be submitted for a job)',
    },
    jobAddressQuestionId: { type: 'string', nullable: true },
  },
};
const formExample = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-901234567890',
  name: 'Job Safety Risk Assessment',
  formType: 'RISK_ASSESSMENT',
  isDefault: true,
  publishedVersion: {
    id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
    version: 1,
    definition: { slides: [{ name: 'Job', contents: [{ id: 'jobNumber', title: 'Job number', questionType: 'jobNumber' }] }] },
  },
  jobNumberQuestionId: 'jobNumber',
  jobAddressQuestionId: 'jobAddress',
};
const submissionSchema = {
  type: 'object',
  properties: {
    id: uuid,
    created: { type: 'string', example: '2026-05-01 10:00:00' },
    modified: { type: 'string' },
    jobNumber: { type: 'string' },
    jobAddress: { type: 'string', nullable: true },
    isCompleted: { type: 'boolean' },
    answers: { type: 'object', description: 'Answers keyed by question id' },
    formVersion: { type: 'object', properties: { id: uuid, version: { type: 'integer' }, form: { type: 'object' } } },
    mehubAccount: {
      type: 'object',
      properties: { id: uuid, email: { type: 'string' }, firstname: { type: 'string' }, surname: { type: 'string' } },
    },
  },
};
const submissionExample = {
  id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  created: '2026-05-01 10:00:00',
  modified: '2026-05-01 10:00:00',
  jobNumber: 'FS-777',
  jobAddress: '9 Field Road, Geelong',
  isCompleted: true,
  answers: { jobNumber: 'FS-777', jobAddress: '9 Field Road, Geelong', task: 'Replace the main switchboard' },
  formVersion: {
    id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
    version: 1,
    form: { id: formExample.id, name: formExample.name, formType: 'RISK_ASSESSMENT' },
  },
  mehubAccount: { id: '7d1f3c2a-5b6e-4f80-9a1b-2c3d4e5f6a7b', email: 'worker@sparkright.example', firstname: 'Will', surname: 'Woods' },
};
const tag = ['Field service'];

/** The routes of server/src/integration/. */
const fieldServicePaths = {
  '/api/integration/forms': {
    get: {
      tags: tag,
      summary: 'The forms offered to the organisation (active, default or assigned), with their published definitions',
      parameters: pageParams,
      responses: { '200': page(formSchema, formExample), '400': { description: 'A bad skip or take' }, '401': errors },
    },
  },
  '/api/integration/forms/{id}': {
    get: {
      tags: tag,
      summary: 'One form with its published definition',
      parameters: [{ name: 'id', in: 'path', required: true, schema: uuid }],
      responses: {
        '200': { description: 'The form', content: { 'application/json': { schema: formSchema, example: formExample } } },
        '401': errors,
        '404': problem('Not a form offered to the organisation', integrationMessages.formNotFound),
      },
    },
  },
  '/api/integration/users': {
    get: {
      tags: tag,
      summary: "The organisation's users (whose ids a submission names)",
      parameters: pageParams,
      responses: {
        '200': page(
          {
            type: 'object',
            properties: {
              id: uuid,
              email: { type: 'string' },
              firstname: { type: 'string' },
              surname: { type: 'string' },
              role: { type: 'object' },
            },
          },
          {
            id: submissionExample.mehubAccount.id,
            email: 'worker@sparkright.example',
            firstname: 'Will',
            surname: 'Woods',
            role: { name: 'Worker' },
          },
        ),
        '401': errors,
      },
    },
  },
  '/api/integration/assets': {
    get: {
      tags: tag,
      summary: "The organisation's assets, by description",
      parameters: pageParams,
      responses: {
        '200': page(
          {
            type: 'object',
            description: 'id, assetType, assetID, description, brand, assetModel, serialNumber, status, registration, dates, parentAssetId',
          },
          {
            id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
            assetType: 'Ladder',
            assetID: 'L-01',
            description: 'Fibreglass step ladder',
            status: 'IN_SERVICE',
            nextInspection: '2026-08-01',
          },
        ),
        '401': errors,
      },
    },
  },
  '/api/integration/submissions': {
    get: {
      tags: tag,
      summary: "The organisation's completed submissions for a job number, newest first",
      parameters: [{ name: 'jobNumber', in: 'query', required: true, schema: { type: 'string' }, example: 'FS-777' }, ...pageParams],
      responses: { '200': page(submissionSchema, submissionExample), '400': { description: 'No jobNumber' }, '401': errors },
    },
    post: {
      tags: tag,
      summary: 'Submit a completed form for a job',
      description:
        "Creates a completed submission of the form's published version, owned by the member `mehubAccountId` (a user of the token's organisation). `jobNumber` (and `jobAddress`) are put into the form's job questions; `answers` are keyed by question id and checked exactly as a member's submit (required questions, validators, shapes). Nothing is saved when anything is refused.",
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['formId', 'mehubAccountId', 'jobNumber'],
              additionalProperties: false,
              properties: {
                formId: uuid,
                mehubAccountId: uuid,
                jobNumber: { type: 'string', maxLength: 200 },
                jobAddress: { type: 'string', maxLength: 1000 },
                answers: { type: 'object' },
              },
            },
            example: {
              formId: formExample.id,
              mehubAccountId: submissionExample.mehubAccount.id,
              jobNumber: 'FS-777',
              jobAddress: '9 Field Road, Geelong',
              answers: { task: 'Replace the main switchboard' },
            },
          },
        },
      },
      responses: {
        '201': { description: 'The submission', content: { 'application/json': { schema: submissionSchema, example: submissionExample } } },
        '400': problem(
          'An answer the form refuses, an unknown field, or a user of another organisation',
          integrationMessages.accountNotFound,
        ),
        '401': errors,
        '404': problem('Not a form offered to the organisation', integrationMessages.formNotFound),
        '409': problem('The form has no published version', integrationMessages.noPublished),
      },
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
      'The field-service routes are under `/api/integration/` (tag Field service): the forms offered to the organisation with their published definitions, its users, its assets, its submissions by job number, and submitting a completed form for a job. Lists are paged with `skip` (default 0) and `take` (1 to 100, default 20) and answer `{items, total, skip, take}`.',
      '',
      "A submission made with a token is the submission of the member named by `mehubAccountId` (a user of the token's organisation: the person who did the job), completed at once and checked by the form's definition exactly as a member's submit. Tokens do not expire; a manager revokes one on the Integrations page, and it is refused from then on.",
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
    ...fieldServicePaths,
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
