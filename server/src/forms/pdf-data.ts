import { getEntity, isUuid, parseWireDate } from '@hub/model';
import { answerOf, photoAnswers, visibilityTest, type Answers, type FormDefinition } from '@hub/model/forms';
import type { Caller } from '../access/caller';
import { allowed } from '../access/rules';
import type { Filter } from '../crud/conditions';
import { SYSTEM_CALLER } from '../crud/hooks';
import { listRecords } from '../crud/list';
import type { Db } from '../db/client';
import { readStoredFiles } from '../files/upload';
import type { FileStorage } from '../files/storage';
import { answersOf, definitionOf, questionsOf } from './definitions';
import { displayName, type Person } from './notify';
import type { PdfAction, SubmissionPdfInput } from './pdf';

interface Row {
  id: string;
  created: string;
  modified: string;
  isCompleted: boolean;
  submissionData: string | null;
  formVersion: { version: number | null; formData: string | null; form: { name: string; formType: string } | null } | null;
  mehubAccount: (Person & { memberOrganisationId: string | null }) | null;
  formReviewRequest: { timeReviewed: string | null; mehubAccount: Person | null } | null;
  documentss: { documentName: string | null; documentLink: string | null }[] | null;
  assetss: { description: string | null; assetID: string | null }[] | null;
  additionalAttachmentss: { attachment: { fileName: string } | null }[] | null;
}

export interface LoadedSubmission {
  id: string;
  formName: string;
  created: Date;
  input: SubmissionPdfInput;
}

const SUBMISSIONS = () => getEntity('FormSubmissionsEntity');

/**
 * Ids of the submissions matching `filter` that the caller may read (their access decides,
 * exactly as for reading the submissions), at most `take`.
 */
export async function readableSubmissionIds(db: Db, caller: Caller | null, filter: Filter, take: number): Promise<string[]> {
  const rows = (await listRecords(
    db,
    caller,
    SUBMISSIONS(),
    { ...filter, take, orderBy: [{ path: 'created', descending: true }] },
    { id: true },
  )) as {
    id: string;
  }[];
  return rows.map((r) => r.id);
}

/**
 * What the PDFs of these (already access-checked) submissions show: the form, the answers,
 * the owner, the review, the attachments and the names of the users the answers select.
 * Loaded in a fixed number of statements whatever the number of submissions.
 */
export async function loadPdfInputs(db: Db, ids: string[], timeZone: string): Promise<LoadedSubmission[]> {
  if (!ids.length) return [];
  const person = { email: true, firstname: true, surname: true } as const;
  const rows = (await listRecords(
    db,
    SYSTEM_CALLER,
    SUBMISSIONS(),
    { ids, take: ids.length },
    {
      id: true,
      created: true,
      modified: true,
      isCompleted: true,
      submissionData: true,
      formVersion: { version: true, formData: true, form: { name: true, formType: true } },
      mehubAccount: { ...person, memberOrganisationId: true },
      formReviewRequest: { timeReviewed: true, mehubAccount: person },
      documentss: { documentName: true, documentLink: true },
      assetss: { description: true, assetID: true },
      additionalAttachmentss: { attachment: { fileName: true } },
    },
  )) as Row[];
  const parsed = rows.map((r) => {
    const def = r.formVersion ? definitionOf(r.formVersion.formData) : null;
    const definition = def?.ok ? def.definition : null;
    const answers = answersOf(r.submissionData) ?? {};
    const userIds = new Set<string>();
    collectUserIds(definition, answers, userIds);
    return { row: r, definition, answers, userIds };
  });
  const userIds = new Set(parsed.flatMap((p) => [...p.userIds]));
  const users = userIds.size
    ? ((await listRecords(
        db,
        SYSTEM_CALLER,
        getEntity('MehubAccountEntity'),
        { ids: [...userIds], take: userIds.size },
        { id: true, ...person, memberOrganisationId: true },
      )) as (Person & { id: string; memberOrganisationId: string | null })[])
    : [];
  const byId = new Map(users.map((u) => [u.id, u]));
  /**
   * Names of the selected users who are accounts of the owner's organisation: an answer may
   * name any account id, and another organisation's people are no business of this PDF
   * (they show as 'Unknown user').
   */
  const userNamesOf = (ids: Set<string>, organisationId: string | null | undefined): Record<string, string> => {
    const names: Record<string, string> = {};
    if (!organisationId) return names;
    for (const id of ids) {
      const u = byId.get(id);
      if (u && u.memberOrganisationId === organisationId) names[id] = displayName(u);
    }
    return names;
  };

  const out: LoadedSubmission[] = [];
  for (const id of ids) {
    const p = parsed.find((x) => x.row.id === id);
    if (!p) continue;
    const r = p.row;
    const formName = r.formVersion?.form?.name ?? 'Form submission';
    const created = parseWireDate(r.created) ?? new Date(0);
    const review = r.formReviewRequest;
    out.push({
      id,
      formName,
      created,
      input: {
        formName,
        version: r.formVersion?.version ?? null,
        definition: p.definition,
        answers: p.answers,
        owner: r.mehubAccount ? { name: displayName(r.mehubAccount), email: r.mehubAccount.email } : null,
        created,
        modified: parseWireDate(r.modified) ?? created,
        isCompleted: r.isCompleted,
        timeZone,
        userNames: userNamesOf(p.userIds, r.mehubAccount?.memberOrganisationId),
        attachments: {
          documents: names(r.documentss?.map((d) => withDetail(d.documentName, d.documentLink))),
          assets: names(r.assetss?.map((a) => withDetail(a.description, a.assetID))),
          files: names(r.additionalAttachmentss?.map((a) => a.attachment?.fileName)),
        },
        review: review
          ? {
              timeReviewed: review.timeReviewed ? parseWireDate(review.timeReviewed) : null,
              reviewer: review.mehubAccount ? displayName(review.mehubAccount) : null,
            }
          : null,
      },
    });
  }
  return out;
}

/** A document by name and link, an asset by description and asset ID: 'Ladder (L-001)'. */
function withDetail(name: string | null, detail: string | null): string | null {
  if (!name?.trim()) return detail?.trim() || null;
  return detail?.trim() ? `${name} (${detail.trim()})` : name;
}

/** The non-blank names, in order. */
const names = (list: (string | null | undefined)[] | undefined): string[] =>
  (list ?? []).filter((n): n is string => typeof n === 'string' && n.trim() !== '');

function collectUserIds(def: FormDefinition | null, answers: Answers, into: Set<string>): void {
  if (!def) return;
  const visible = visibilityTest(def, answers);
  for (const slide of def.slides)
    for (const q of questionsOf(slide)) {
      if (q.questionType !== 'selectUserProfile' || !visible(q)) continue;
      const v = answerOf(answers, q.id);
      for (const id of Array.isArray(v) ? v : [v]) if (isUuid(id)) into.add(id);
    }
}

/** The photos one PDF may hold, together (a form holds at most 100 photos of about 0.5 MB each). */
export const PDF_PHOTO_BYTES = 150_000_000;

/**
 * The submission's photos for its PDF, under the questions whose (visible) answers name them:
 * only photos that hang off this submission (readable as it is) and whose files are JPEGs.
 */
export async function withPhotos(
  db: Db,
  storage: FileStorage,
  submissionId: string,
  input: SubmissionPdfInput,
): Promise<SubmissionPdfInput> {
  const def = input.definition;
  if (!def) return input;
  const visible = visibilityTest(def, input.answers);
  const named = photoAnswers(def, input.answers).filter((n) => visible(n.question));
  const ids = [...new Set(named.flatMap((n) => n.refs))].filter(isUuid);
  if (!ids.length) return input;
  const rows = (await listRecords(
    db,
    SYSTEM_CALLER,
    getEntity('FormPhotoEntity'),
    { ids, take: ids.length, where: [{ path: 'formSubmissionsId', comparison: 'equal', value: [submissionId] }] },
    { id: true, photoId: true },
  )) as { id: string; photoId: string | null }[];
  const fileOf = new Map(rows.filter((r) => r.photoId).map((r) => [r.id, r.photoId!]));
  const files = await readStoredFiles(db, storage, [...fileOf.values()], {
    type: 'image/jpeg',
    maxBytes: 20_000_000,
    totalBytes: PDF_PHOTO_BYTES,
  });
  const photos: Record<string, (Buffer | null)[]> = {};
  for (const { question, refs } of named) photos[question.id] = refs.map((ref) => files.get(fileOf.get(ref) ?? '') ?? null);
  return { ...input, photos };
}

interface ActionRow {
  formSubmissionsId: string | null;
  questionId: string | null;
  questionTitle: string | null;
  description: string | null;
  priority: string | null;
  status: string | null;
  dueDate: string | null;
  closedAt: string | null;
  closingComment: string | null;
  assignee: Person | null;
}

/** The most actions one submission raises (one per question): a bound for the read. */
const PDF_ACTIONS_MAX = 1000;

/**
 * The corrective actions the submissions `loaded` raised, added to their PDFs: only those the
 * caller may read, read as the caller (their organisation's managers all of them, an assignee
 * theirs, anyone else none: access/actions.ts), in one statement for the batch.
 */
export async function withActions(db: Db, caller: Caller | null, loaded: LoadedSubmission[]): Promise<void> {
  const entity = getEntity('CorrectiveActionEntity');
  if (!loaded.length || !allowed(caller, entity, 'read')) return;
  const rows = (await listRecords(
    db,
    caller,
    entity,
    {
      where: [{ path: 'formSubmissionsId', comparison: 'in', value: loaded.map((l) => l.id) }],
      take: PDF_ACTIONS_MAX,
      orderBy: [{ path: 'created' }],
    },
    {
      formSubmissionsId: true,
      questionId: true,
      questionTitle: true,
      description: true,
      priority: true,
      status: true,
      dueDate: true,
      closedAt: true,
      closingComment: true,
      assignee: { email: true, firstname: true, surname: true },
    },
  )) as ActionRow[];
  for (const l of loaded) {
    const actions: PdfAction[] = rows
      .filter((r) => r.formSubmissionsId === l.id)
      .map((r) => ({
        questionId: r.questionId,
        questionTitle: r.questionTitle,
        description: r.description ?? '',
        priority: r.priority,
        status: r.status,
        dueDate: r.dueDate,
        assignee: r.assignee ? displayName(r.assignee) : null,
        closedAt: r.closedAt ? parseWireDate(r.closedAt) : null,
        closingComment: r.closingComment,
      }));
    if (actions.length) l.input = { ...l.input, actions };
  }
}
