import type { Answers, FormDefinition } from '@hub/model/forms';
import { parseFormDefinition } from '@hub/model/forms';
import { api } from '../../client/api';
import { graphqlRequest } from '../../client/graphql';

/** The calls the member's form pages make: REST for drafts and PDFs, GraphQL for records. */

export interface FormSummary {
  id: string;
  name: string;
  hasDraft: boolean;
}

export interface FormVersionData {
  id: string;
  version: number;
  definition: FormDefinition;
}

export interface FillableForm {
  id: string;
  name: string;
  formType: string;
  version: FormVersionData | null;
}

export interface Draft {
  id: string;
  answers: Answers;
  version: FormVersionData;
}

export interface Submission {
  id: string;
  created: string;
  modified: string;
  isCompleted: boolean;
  answers: Answers;
  formReviewRequestId: string | null;
  owner: { id: string; firstname: string | null; surname: string | null; email: string } | null;
  form: { id: string; name: string; formType: string };
  version: FormVersionData;
}

/** A stored definition, checked: a broken one is an error the page shows, never a crash. */
export function readDefinition(raw: unknown): FormDefinition {
  const parsed = parseFormDefinition(raw);
  if (!parsed.ok) throw new Error(`The form definition is not valid: ${parsed.message}`);
  return parsed.definition;
}

const readAnswers = (raw: unknown): Answers => {
  if (!raw) return {};
  const value = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Answers) : {};
};

export const formsOfType = (formType: string) =>
  api<FormSummary[]>('GET', `/api/entity/FormsEntity/form_type/${encodeURIComponent(formType)}`);
export const hasDraft = (formId: string) => api<boolean>('GET', `/api/entity/FormSubmissionsEntity/hasDraft/${formId}`);
export const deleteDraft = (formId: string) => api<unknown>('DELETE', `/api/entity/FormSubmissionsEntity/deleteDraft/${formId}`);

export async function fetchDraft(formId: string): Promise<Draft | null> {
  const draft = await api<{
    id: string;
    submissionData: string | null;
    formVersion: { id: string; version: number; formData: unknown };
  } | null>('GET', `/api/entity/FormSubmissionsEntity/fetchDraft/${formId}`);
  if (!draft || !draft.id) return null;
  return {
    id: draft.id,
    answers: readAnswers(draft.submissionData),
    version: { id: draft.formVersion.id, version: draft.formVersion.version, definition: readDefinition(draft.formVersion.formData) },
  };
}

export async function loadForm(formId: string): Promise<FillableForm | null> {
  const data = await graphqlRequest<{
    f: { id: string; name: string; formType: string; publishedVersion: { id: string; version: number; formData: unknown } | null } | null;
  }>(`query($id: ID!) { f: formsEntity(id: $id) { id name formType publishedVersion { id version formData } } }`, { id: formId });
  const f = data.f;
  if (!f) return null;
  const v = f.publishedVersion;
  return {
    id: f.id,
    name: f.name,
    formType: f.formType,
    version: v ? { id: v.id, version: v.version, definition: readDefinition(v.formData) } : null,
  };
}

export const CREATE_SUBMISSION = `mutation($m: [FormSubmissionsEntityInput!]!) { r: createFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`;

/** The create input of a save: `idempotencyKey` makes a resent save answer the submission the first one made (docs/offline.md). */
export const submissionInput = (versionId: string, answers: Answers, isCompleted: boolean, idempotencyKey?: string) => ({
  formVersionId: versionId,
  isCompleted,
  submissionData: JSON.stringify(answers),
  ...(idempotencyKey ? { idempotencyKey } : {}),
});

/** Saves a new submission: a draft (isCompleted false) or the completed form. */
export async function createSubmission(
  versionId: string,
  answers: Answers,
  isCompleted: boolean,
  idempotencyKey?: string,
): Promise<string> {
  const data = await graphqlRequest<{ r: { id: string }[] }>(CREATE_SUBMISSION, {
    m: [submissionInput(versionId, answers, isCompleted, idempotencyKey)],
  });
  return data.r[0].id;
}

/** The forms `ids` with their published versions, in one request (kept for reading offline). */
export async function loadForms(ids: string[]): Promise<FillableForm[]> {
  if (!ids.length) return [];
  const data = await graphqlRequest<{
    r: { id: string; name: string; formType: string; publishedVersion: { id: string; version: number; formData: unknown } | null }[];
  }>(
    `query($c: [[WhereExpressionGraph!]!], $take: Int) { r: formsEntitys(conditions: $c, take: $take) { id name formType publishedVersion { id version formData } } }`,
    { c: [[{ path: 'id', comparison: 'in', value: ids }]], take: ids.length },
  );
  const out: FillableForm[] = [];
  for (const f of data.r) {
    const v = f.publishedVersion;
    let version: FormVersionData | null = null;
    try {
      version = v ? { id: v.id, version: v.version, definition: readDefinition(v.formData) } : null;
    } catch {
      // A broken definition: the form page shows the error when opened online.
      continue;
    }
    out.push({ id: f.id, name: f.name, formType: f.formType, version });
  }
  return out;
}

/** The caller's drafts, by form id, in one request (kept for reading offline). */
export async function loadMyDrafts(userId: string): Promise<Map<string, Draft>> {
  const data = await graphqlRequest<{
    r: {
      id: string;
      submissionData: string | null;
      formVersion: { id: string; version: number; formData: unknown; form: { id: string } } | null;
    }[];
  }>(
    `query($c: [[WhereExpressionGraph!]!]) { r: formSubmissionsEntitys(conditions: $c, take: 500, orderBy: [{ path: "created", descending: true }]) { id submissionData formVersion { id version formData form { id } } } }`,
    {
      c: [
        [{ path: 'isCompleted', comparison: 'equal', value: ['false'] }],
        [{ path: 'mehubAccountId', comparison: 'equal', value: [userId] }],
      ],
    },
  );
  const out = new Map<string, Draft>();
  for (const d of data.r) {
    const v = d.formVersion;
    if (!v || out.has(v.form.id)) continue;
    try {
      out.set(v.form.id, {
        id: d.id,
        answers: readAnswers(d.submissionData),
        version: { id: v.id, version: v.version, definition: readDefinition(v.formData) },
      });
    } catch {
      // A broken definition: left for the form page to report online.
    }
  }
  return out;
}

/** A reviewer's save of a completed submission (the server keeps every other answer as it was). */
export async function saveReview(id: string, answers: Answers): Promise<void> {
  await graphqlRequest(
    `mutation($m: [FormSubmissionsEntityInput!]!) { r: updateFormSubmissionsEntity(formSubmissionsEntityModels: $m) { id } }`,
    {
      m: [{ id, submissionData: JSON.stringify(answers) }],
    },
  );
}

const SUBMISSION_FIELDS = `id created modified isCompleted submissionData formReviewRequestId
  mehubAccount { id firstname surname email }
  formVersion { id version formData form { id name formType } }`;

interface RawSubmission {
  id: string;
  created: string;
  modified: string;
  isCompleted: boolean;
  submissionData: string | null;
  formReviewRequestId: string | null;
  mehubAccount: Submission['owner'];
  formVersion: { id: string; version: number; formData: unknown; form: Submission['form'] };
}

export async function loadSubmission(id: string): Promise<Submission | null> {
  const data = await graphqlRequest<{ s: RawSubmission | null }>(
    `query($id: ID!) { s: formSubmissionsEntity(id: $id) { ${SUBMISSION_FIELDS} } }`,
    { id },
  );
  const s = data.s;
  if (!s) return null;
  return {
    id: s.id,
    created: s.created,
    modified: s.modified,
    isCompleted: s.isCompleted,
    answers: readAnswers(s.submissionData),
    formReviewRequestId: s.formReviewRequestId,
    owner: s.mehubAccount,
    form: s.formVersion.form,
    version: { id: s.formVersion.id, version: s.formVersion.version, definition: readDefinition(s.formVersion.formData) },
  };
}

export interface SubmissionRow {
  id: string;
  created: string;
  jobNumber: string | null;
  jobAddress: string | null;
  mehubAccount: { firstname: string | null; surname: string | null; email: string } | null;
  formVersion: { version: number; form: { id: string; name: string; formType: string } } | null;
  /** Set once a manager has reviewed it (members do not read review requests themselves). */
  formReviewRequestId: string | null;
}

/** What the submissions list shows: one form type (or all), only those not reviewed yet, a search, a page. */
export interface SubmissionQuery {
  formType: string | null;
  notReviewed: boolean;
  search: string;
  skip: number;
  take: number;
}

/** Longest search text, and most words of it, sent to the server. */
export const SEARCH_MAX_LENGTH = 100;
const SEARCH_MAX_WORDS = 5;
/** Where a search word is looked for: the job and whoever submitted. */
const SEARCHED_PATHS = ['jobNumber', 'jobAddress', 'mehubAccount.firstname', 'mehubAccount.surname', 'mehubAccount.email'];

interface Where {
  path: string;
  comparison: 'equal' | 'contains';
  value: (string | null)[] | null;
}

/**
 * The list's conditions (outer list ANDed, inner lists ORed): completed, of the form type,
 * without a review request, and every word of the search in the job number, job address
 * or the submitter's name or email ('John Smith' finds John Smith).
 */
export function submissionConditions(q: Pick<SubmissionQuery, 'formType' | 'notReviewed' | 'search'>): Where[][] {
  const conditions: Where[][] = [[{ path: 'isCompleted', comparison: 'equal', value: ['true'] }]];
  if (q.formType) conditions.push([{ path: 'formVersion.form.formType', comparison: 'equal', value: [q.formType] }]);
  if (q.notReviewed) conditions.push([{ path: 'formReviewRequestId', comparison: 'equal', value: null }]);
  const words = q.search.slice(0, SEARCH_MAX_LENGTH).trim().split(/\s+/).filter(Boolean).slice(0, SEARCH_MAX_WORDS);
  for (const word of words) conditions.push(SEARCHED_PATHS.map((path) => ({ path, comparison: 'contains' as const, value: [word] })));
  return conditions;
}

/** Completed submissions the caller may read, newest first. */
export async function listSubmissions(q: SubmissionQuery): Promise<{ rows: SubmissionRow[]; total: number }> {
  return graphqlRequest<{ rows: SubmissionRow[]; total: number }>(
    `query($c: [[WhereExpressionGraph!]!], $skip: Int, $take: Int) {
      rows: formSubmissionsEntitys(conditions: $c, skip: $skip, take: $take, orderBy: [{ path: "created", descending: true }]) {
        id created jobNumber jobAddress mehubAccount { firstname surname email } formVersion { version form { id name formType } } formReviewRequestId
      }
      total: countFormSubmissionsEntitys(conditions: $c)
    }`,
    { c: submissionConditions(q), skip: q.skip, take: q.take },
  );
}

/**
 * Colleagues a selectUserProfile question offers: the accounts the caller may read, each with
 * whether it is active (an action's assignee pickers offer only the active ones).
 */
export async function loadColleagues(): Promise<{ id: string; name: string; active: boolean }[]> {
  const data = await graphqlRequest<{
    r: { id: string; firstname: string | null; surname: string | null; email: string; isActive: boolean | null }[];
  }>(`query { r: mehubAccountEntitys(take: 500, orderBy: [{ path: "firstname" }]) { id firstname surname email isActive } }`);
  return data.r.map((a) => ({
    id: a.id,
    name: [a.firstname, a.surname].filter(Boolean).join(' ') || a.email,
    active: a.isActive !== false,
  }));
}
