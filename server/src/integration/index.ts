import { getEntity, isUuid } from '@hub/model';
import { allQuestions, parseFormDefinition, type Answers, type FormDefinition } from '@hub/model/forms';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller } from '../access/caller';
import { integrationSubmitter } from '../access/rules';
import { UnauthenticatedError, NotFoundError, UserError, ValidationError } from '../core/errors';
import { countRecords, listRecords } from '../crud/list';
import { saveThen } from '../crud/save';
import type { Db } from '../db/client';
import type { FileStorage } from '../files/storage';
import { parseBody } from '../rest/body';
import { INTEGRATION_PAGE_MAX, integrationMessages } from '../rest/integration-openapi';

/**
 * The field-service integration API under /api/integration/ (docs/api.md, /api/integration-swagger):
 * an organisation's API token lists its forms with their published definitions, its members,
 * its assets and its submissions by job number, and submits a completed form for a job. Every
 * read goes through the crud with the token as the caller, so the token's organisation scopes it.
 */

export { INTEGRATION_PAGE_MAX, integrationMessages };

const paging = {
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(INTEGRATION_PAGE_MAX).default(20),
};
const pageQuery = z.object(paging);
const submissionsQuery = z.object({ ...paging, jobNumber: z.string().trim().min(1).max(200) });
const text = (max: number) => z.string().trim().min(1).max(max);
export const submissionBody = z.object({
  formId: z.string().refine(isUuid, 'formId must be a valid id'),
  mehubAccountId: z.string().refine(isUuid, 'mehubAccountId must be a valid id'),
  jobNumber: text(200),
  jobAddress: text(1000).optional(),
  answers: z.record(z.string().max(300), z.unknown()).default({}),
});

/** Query parameters parsed like a body: a clear 400 naming the parameter. */
function parseQuery<T extends z.ZodType>(schema: T, query: unknown): z.infer<T> {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ValidationError([
    { path: issue.path.join('.') || 'query', code: 'invalid', message: `${issue.path.join('.')}: ${issue.message}` },
  ]);
}

/** The token behind the request; sessions (people) use the member API instead. */
function tokenCaller(req: FastifyRequest): Caller {
  if (req.caller?.kind !== 'token') throw new UnauthenticatedError(integrationMessages.tokenOnly);
  return req.caller;
}

const FORM = {
  id: true,
  name: true,
  formType: true,
  isDefault: true,
  publishedVersion: { id: true, version: true, formData: true },
} as const;

interface FormRow {
  id: string;
  name: string;
  formType: string;
  isDefault: boolean;
  publishedVersion: { id: string; version: number; formData: unknown } | null;
}

const definitionOf = (formData: unknown): FormDefinition | null => {
  let value = formData;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const parsed = parseFormDefinition(value);
  return parsed.ok ? parsed.definition : null;
};

/** The questions the job number and address of a submission go to. */
function jobQuestions(def: FormDefinition | null): { jobNumber: string | null; jobAddress: string | null } {
  const all = def ? allQuestions(def) : [];
  return {
    jobNumber: all.find((q) => q.questionType === 'jobNumber')?.id ?? null,
    jobAddress: all.find((q) => q.questionType === 'jobAddress')?.id ?? null,
  };
}

const asForm = (f: FormRow) => {
  const definition = f.publishedVersion ? definitionOf(f.publishedVersion.formData) : null;
  const job = jobQuestions(definition);
  return {
    id: f.id,
    name: f.name,
    formType: f.formType,
    isDefault: f.isDefault,
    publishedVersion:
      f.publishedVersion && definition ? { id: f.publishedVersion.id, version: f.publishedVersion.version, definition } : null,
    jobNumberQuestionId: job.jobNumber,
    jobAddressQuestionId: job.jobAddress,
  };
};

const SUBMISSION = {
  id: true,
  created: true,
  modified: true,
  jobNumber: true,
  jobAddress: true,
  isCompleted: true,
  submissionData: true,
  formVersion: { id: true, version: true, form: { id: true, name: true, formType: true } },
  mehubAccount: { id: true, email: true, firstname: true, surname: true },
} as const;

interface SubmissionRow {
  submissionData: unknown;
  [key: string]: unknown;
}
const asSubmission = ({ submissionData, ...rest }: SubmissionRow) => {
  let answers: unknown = submissionData;
  if (typeof answers === 'string')
    try {
      answers = JSON.parse(answers);
    } catch {
      answers = null;
    }
  return { ...rest, answers };
};

const ASSET = {
  id: true,
  created: true,
  modified: true,
  assetType: true,
  assetID: true,
  description: true,
  brand: true,
  assetModel: true,
  serialNumber: true,
  status: true,
  registration: true,
  registrationRenewalDate: true,
  serviceDueDate: true,
  inspectionFrequency: true,
  lastInspection: true,
  nextInspection: true,
  parentAssetId: true,
} as const;

const ACCOUNT = { id: true, email: true, firstname: true, surname: true, role: { name: true } } as const;

export function integrationRoutes(app: FastifyInstance, env: { db: Db; storage: FileStorage }): void {
  const { db } = env;
  const forms = getEntity('FormsEntity');
  const submissions = getEntity('FormSubmissionsEntity');
  const assets = getEntity('AssetEntity');
  const accounts = getEntity('MehubAccountEntity');

  /** A page of `entity` as the token sees it, with the total. */
  async function page<T>(
    caller: Caller,
    entity: ReturnType<typeof getEntity>,
    q: { skip: number; take: number },
    where: Parameters<typeof listRecords>[3]['where'],
    sel: Parameters<typeof listRecords>[4],
    orderBy: { path: string; descending?: boolean }[],
    map: (row: never) => T,
  ) {
    const [items, total] = await Promise.all([
      listRecords(db, caller, entity, { where, skip: q.skip, take: q.take, orderBy }, sel),
      countRecords(db, caller, entity, { where }),
    ]);
    return { items: (items as never[]).map(map), total, skip: q.skip, take: q.take };
  }

  app.get('/api/integration/forms', async (req) => {
    const caller = tokenCaller(req);
    const q = parseQuery(pageQuery, req.query);
    return page(caller, forms, q, [], FORM, [{ path: 'name' }], (f: FormRow) => asForm(f));
  });

  app.get<{ Params: { id: string } }>('/api/integration/forms/:id', async (req) => {
    const caller = tokenCaller(req);
    if (!isUuid(req.params.id)) throw new NotFoundError(integrationMessages.formNotFound);
    const [form] = (await listRecords(db, caller, forms, { ids: [req.params.id.toLowerCase()], take: 1 }, FORM)) as FormRow[];
    if (!form) throw new NotFoundError(integrationMessages.formNotFound);
    return asForm(form);
  });

  app.get('/api/integration/users', async (req) => {
    const caller = tokenCaller(req);
    const q = parseQuery(pageQuery, req.query);
    return page(caller, accounts, q, [], ACCOUNT, [{ path: 'surname' }, { path: 'firstname' }], (a: Record<string, unknown>) => a);
  });

  app.get('/api/integration/assets', async (req) => {
    const caller = tokenCaller(req);
    const q = parseQuery(pageQuery, req.query);
    return page(caller, assets, q, [], ASSET, [{ path: 'description' }], (a: Record<string, unknown>) => a);
  });

  app.get('/api/integration/submissions', async (req) => {
    const caller = tokenCaller(req);
    const q = parseQuery(submissionsQuery, req.query);
    const where = [
      { path: 'jobNumber', comparison: 'equal' as const, value: [q.jobNumber] },
      { path: 'isCompleted', comparison: 'equal' as const, value: ['true'] },
    ];
    return page(caller, submissions, q, where, SUBMISSION, [{ path: 'created', descending: true }], (s: SubmissionRow) => asSubmission(s));
  });

  /**
   * A completed submission of the form's published version, for a job. It is the member's
   * `mehubAccountId` (the person who did the job; required, of the token's organisation): a
   * token is an organisation, not a person, and a submission needs an owner for its review,
   * notifications and the owner's list. The answers are checked by the form's definition
   * exactly as a member's submit (the submission save hooks), with the job number and address
   * put into the form's job questions.
   */
  app.post('/api/integration/submissions', async (req, reply) => {
    const caller = tokenCaller(req);
    const body = parseBody(submissionBody, req.body);
    const [form] = (await listRecords(db, caller, forms, { ids: [body.formId.toLowerCase()], take: 1 }, FORM)) as FormRow[];
    if (!form) throw new NotFoundError(integrationMessages.formNotFound);
    if (!form.publishedVersion) throw new UserError(integrationMessages.noPublished, 'NO_PUBLISHED_VERSION', 409);
    const job = jobQuestions(definitionOf(form.publishedVersion.formData));
    if (!job.jobNumber) throw new ValidationError([{ path: 'jobNumber', code: 'invalid', message: integrationMessages.noJobQuestion }]);
    if (body.jobAddress && !job.jobAddress)
      throw new ValidationError([{ path: 'jobAddress', code: 'invalid', message: integrationMessages.noAddressQuestion }]);
    const [owner] = await listRecords(db, caller, accounts, { ids: [body.mehubAccountId.toLowerCase()], take: 1 }, { id: true });
    if (!owner) throw new ValidationError([{ path: 'mehubAccountId', code: 'notExist', message: integrationMessages.accountNotFound }]);
    const answers: Answers = { ...(body.answers as Answers), [job.jobNumber]: body.jobNumber };
    if (body.jobAddress && job.jobAddress) answers[job.jobAddress] = body.jobAddress;
    const input = {
      formVersionId: form.publishedVersion.id,
      mehubAccountId: body.mehubAccountId.toLowerCase(),
      isCompleted: true,
      submissionData: JSON.stringify(answers),
    };
    const [saved] = await saveThen(env, integrationSubmitter(caller), submissions, [input], 'create', null, (tx, ids) =>
      listRecords(tx, caller, submissions, { ids }, SUBMISSION, true),
    );
    return reply.status(201).send(asSubmission(saved as SubmissionRow));
  });
}
