import { MAX_TAKE, getEntity, hasRoleFact, isUuid } from '@hub/model';
import { REMINDER_TRIGGERS, reminderUrl, type ReminderOffsets, type TriggerTypeKey } from '@hub/model/reminders';
import { hasReviewSlide, parseFormDefinition } from '@hub/model/forms';
import { RECENT_ACTIVITY_LIMIT, type ActivityPriority, type RecentActivity } from '@hub/model/site';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../access/caller';
import { requirePerson, signedInCaller } from '../access/guards';
import { SYSTEM_CALLER } from '../crud/hooks';
import { listRecords } from '../crud/list';
import { standingReminders } from '../crud/reminders';
import type { Db } from '../db/client';

export const activityMessages = {
  reviewed: (form: string, reviewer: string) => `${form} was reviewed by ${reviewer}`,
  waiting: (form: string, submitter: string) => `${form} submitted by ${submitter} is waiting for review`,
  someForm: 'A form',
  someReviewer: 'a reviewer',
  someone: 'a member',
  reminder: 'Reminder',
} as const;

interface Person {
  firstname: string | null;
  surname: string | null;
  email: string | null;
}
interface FormOf {
  formId: string | null;
  form: { name: string | null; formType: string | null } | null;
}
interface SubmissionRow {
  id: string;
  formVersionId?: string | null;
  modified: string;
  formReviewRequestId: string | null;
  formVersion: FormOf | null;
  mehubAccount?: Person | null;
}

const nameOf = (p: Person | null | undefined, fallback: string) =>
  [p?.firstname, p?.surname].filter((s) => s && s.trim()).join(' ') || p?.email || fallback;

/** A wire moment ('YYYY-MM-DD HH:mm:ss', UTC) as ISO 8601. */
const iso = (stamp: string | null | undefined): string => {
  if (!stamp) return new Date(0).toISOString();
  const d = new Date(`${stamp.replace(' ', 'T')}Z`);
  return Number.isNaN(d.getTime()) ? new Date(0).toISOString() : d.toISOString();
};

/** The submission's page: `/user-submissions/{formType}/{formId}/{view|edit}/{submissionId}` (web/src/app/router.tsx). */
const submissionUrl = (s: SubmissionRow, mode: 'view' | 'edit') =>
  s.formVersion?.form?.formType && s.formVersion.formId
    ? `/user-submissions/${encodeURIComponent(s.formVersion.form.formType)}/${s.formVersion.formId}/${mode}/${s.id}`
    : null;

const FORM_SELECTION = { formId: true, form: { name: true, formType: true } } as const;

/** Review results on the caller's own submissions whose notification is still on. */
async function reviewsOfMine(db: Db, caller: Caller, me: string): Promise<RecentActivity[]> {
  // Which submissions: the caller's own, read through their own scope.
  const mine = (await listRecords(
    db,
    caller,
    getEntity('FormSubmissionsEntity'),
    {
      where: [
        { path: 'mehubAccountId', comparison: 'equal', value: [caller.userId] },
        { path: 'isCompleted', comparison: 'equal', value: ['true'] },
        { path: 'formReviewRequestId', comparison: 'notEqual', value: [null] },
      ],
      orderBy: [{ path: 'modified', descending: true }],
      take: MAX_TAKE,
    },
    { id: true, modified: true, formReviewRequestId: true, formVersion: FORM_SELECTION },
  )) as SubmissionRow[];
  if (!mine.length) return [];
  const byRequest = new Map(mine.map((s) => [s.formReviewRequestId!, s]));
  // Their review requests: members hold no read right on them (the matrix), so the hub reads
  // exactly those of the submissions above on the owner's behalf.
  const requests = (await listRecords(
    db,
    SYSTEM_CALLER,
    getEntity('FormReviewRequestEntity'),
    {
      ids: [...byRequest.keys()],
      where: [{ path: 'showNotification', comparison: 'equal', value: ['true'] }],
      orderBy: [{ path: 'modified', descending: true }],
      take: RECENT_ACTIVITY_LIMIT,
    },
    { id: true, modified: true, timeReviewed: true, mehubAccount: { firstname: true, surname: true, email: true } },
  )) as { id: string; modified: string; timeReviewed: string | null; mehubAccount: Person | null }[];
  return requests.map((r) => {
    const s = byRequest.get(r.id)!;
    return {
      owner: me,
      title: activityMessages.reviewed(
        s.formVersion?.form?.name ?? activityMessages.someForm,
        nameOf(r.mehubAccount, activityMessages.someReviewer),
      ),
      priority: 'Medium',
      url: submissionUrl(s, 'view'),
      requestId: r.id,
      date: iso(r.timeReviewed ?? r.modified),
    };
  });
}

/** Whether a stored form definition (JSON text or object) has a review slide: only those forms are reviewed. */
function reviewable(formData: unknown): boolean {
  let value = formData;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return false;
    }
  }
  const parsed = parseFormDefinition(value);
  return parsed.ok && hasReviewSlide(parsed.definition);
}

/** The ids among `versionIds` whose definition has a review slide (each version read once, in the caller's scope). */
async function reviewableVersions(db: Db, caller: Caller, versionIds: string[]): Promise<Set<string>> {
  if (!versionIds.length) return new Set();
  const versions = (await listRecords(
    db,
    caller,
    getEntity('FormsEntityFormVersion'),
    { ids: versionIds, take: versionIds.length },
    { id: true, formData: true },
  )) as { id: string; formData: unknown }[];
  return new Set(versions.filter((v) => reviewable(v.formData)).map((v) => v.id));
}

/**
 * For reviewers: completed submissions of their organisation (their scope) that no one has
 * reviewed yet, on forms that have a review slide, other than the reviewer's own.
 */
async function waitingForReview(db: Db, caller: Caller): Promise<RecentActivity[]> {
  if (!caller.organisationId || !hasRoleFact('submissionUpdate', caller.role)) return [];
  const rows = (await listRecords(
    db,
    caller,
    getEntity('FormSubmissionsEntity'),
    {
      where: [
        { path: 'isCompleted', comparison: 'equal', value: ['true'] },
        { path: 'formReviewRequestId', comparison: 'equal', value: [null] },
        { path: 'mehubAccountId', comparison: 'notEqual', value: [caller.userId] },
      ],
      orderBy: [{ path: 'modified', descending: true }],
      take: RECENT_ACTIVITY_LIMIT,
    },
    {
      id: true,
      modified: true,
      formReviewRequestId: true,
      formVersionId: true,
      formVersion: FORM_SELECTION,
      mehubAccount: { firstname: true, surname: true, email: true },
    },
  )) as SubmissionRow[];
  const withReview = await reviewableVersions(db, caller, [
    ...new Set(rows.map((s) => s.formVersionId).filter((id): id is string => !!id)),
  ]);
  return rows
    .filter((s) => s.formVersionId && withReview.has(s.formVersionId))
    .map((s) => {
      const submitter = nameOf(s.mehubAccount, activityMessages.someone);
      return {
        owner: submitter,
        title: activityMessages.waiting(s.formVersion?.form?.name ?? activityMessages.someForm, submitter),
        priority: 'Medium',
        url: submissionUrl(s, 'edit'),
        requestId: null,
        date: iso(s.modified),
      };
    });
}

const reminderPriority = (type: string | null): ActivityPriority =>
  type === 'DUE_DATE' ? 'High' : type === 'REMINDER_TWO' ? 'Medium' : 'Low';

/** The ids among `ids` of `entity` the caller may read, with the licence holder where it has one. */
async function readable(
  db: Db,
  caller: Caller,
  entity: 'AssetEntity' | 'DocumentEntity' | 'LicenceEntity' | 'CorrectiveActionEntity',
  ids: string[],
) {
  const valid = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
  if (!valid.length) return new Map<string, string | null>();
  const rows = (await listRecords(
    db,
    caller,
    getEntity(entity),
    { ids: valid, take: valid.length },
    entity === 'LicenceEntity' ? { id: true, mehubAccountId: true } : { id: true },
  )) as { id: string; mehubAccountId?: string | null }[];
  return new Map(rows.map((r) => [r.id, r.mehubAccountId ?? null]));
}

/**
 * The caller's reminder logs that still stand (crud/reminders.ts standingReminders: a reminder
 * whose record was dealt with, such as an inspection done and the next one set, is history,
 * not activity), each linking to its record's member page when the caller may open it.
 */
async function reminders(db: Db, caller: Caller, me: string, offsets: ReminderOffsets): Promise<RecentActivity[]> {
  const logged = (await listRecords(
    db,
    caller,
    getEntity('ReminderLogEntity'),
    {
      where: [{ path: 'mehubAccountId', comparison: 'equal', value: [caller.userId] }],
      orderBy: [{ path: 'created', descending: true }],
      // Room for those no longer standing, which are left out.
      take: RECENT_ACTIVITY_LIMIT * 4,
    },
    {
      id: true,
      created: true,
      reminderType: true,
      triggerType: true,
      entityID: true,
      description: true,
      triggerDate: true,
      lastTriggerDate: true,
      owner: true,
    },
  )) as {
    id: string;
    created: string;
    reminderType: string | null;
    triggerType: string | null;
    entityID: string | null;
    description: string | null;
    triggerDate: string | null;
    lastTriggerDate: string | null;
    owner: string | null;
  }[];
  const triggerOf = (r: (typeof logged)[number]) =>
    r.triggerType && Object.hasOwn(REMINDER_TRIGGERS, r.triggerType) ? (r.triggerType as TriggerTypeKey) : null;
  const dayOf = (r: (typeof logged)[number]) => (r.triggerDate ?? '').slice(0, 10);
  // A log naming its trigger, record and day is checked; one that does not (older data) is shown as it is.
  const checkable = (r: (typeof logged)[number]) =>
    !!triggerOf(r) && !!r.entityID && isUuid(r.entityID) && /^\d{4}-\d{2}-\d{2}$/.test(dayOf(r));
  const refs = logged.filter(checkable).map((r) => ({ trigger: triggerOf(r)!, entityId: r.entityID!, day: dayOf(r) }));
  // Members write their own logs (the matrix lets them): a log naming another organisation's record never stands.
  const standing = caller.organisationId ? await standingReminders(db, caller.organisationId, refs, offsets) : new Set<string>();
  const rows = logged
    .filter((r) => !checkable(r) || standing.has(`${triggerOf(r)}|${r.entityID!.toLowerCase()}|${dayOf(r)}`))
    .slice(0, RECENT_ACTIVITY_LIMIT);
  const idsOf = (entity: string) =>
    rows.flatMap((r) => {
      const t = triggerOf(r);
      return t && r.entityID && REMINDER_TRIGGERS[t].entity === entity ? [r.entityID] : [];
    });
  const [assets, documents, licences, actions] = await Promise.all([
    readable(db, caller, 'AssetEntity', idsOf('AssetEntity')),
    readable(db, caller, 'DocumentEntity', idsOf('DocumentEntity')),
    readable(db, caller, 'LicenceEntity', idsOf('LicenceEntity')),
    readable(db, caller, 'CorrectiveActionEntity', idsOf('CorrectiveActionEntity')),
  ]);
  const found = { AssetEntity: assets, DocumentEntity: documents, LicenceEntity: licences, CorrectiveActionEntity: actions };
  const urlOf = (r: (typeof rows)[number]): string | null => {
    const t = triggerOf(r);
    const id = r.entityID?.toLowerCase();
    if (!t || !id) return null;
    const records = found[REMINDER_TRIGGERS[t].entity];
    return records.has(id) ? reminderUrl(t, id, records.get(id)) : null;
  };
  return rows.map((r) => ({
    owner: r.owner?.trim() || me,
    title: r.description?.trim() || activityMessages.reminder,
    priority: reminderPriority(r.reminderType),
    url: urlOf(r),
    requestId: null,
    date: iso(r.lastTriggerDate ?? r.triggerDate ?? r.created),
  }));
}

/**
 * GET /api/entity/ReminderLogEntity/GetRecentActivity (member-site.md section 2, Recent
 * Activity): reviews of the caller's submissions still to be seen, their reminder logs and, for
 * reviewers, the organisation's submissions waiting for review; newest first, at most
 * RECENT_ACTIVITY_LIMIT. Viewing a review clears it with PUT /api/entity/FormReviewRequestEntity
 * (forms/draft-routes.ts). Administrators own no submissions or reminders: their list is empty.
 */
export function activityRoutes(app: FastifyInstance, db: Db, offsets: ReminderOffsets): void {
  app.get('/api/entity/ReminderLogEntity/GetRecentActivity', { preHandler: requirePerson }, async (req): Promise<RecentActivity[]> => {
    const caller = signedInCaller(req);
    if (caller.kind !== 'account') return [];
    const [self] = (await listRecords(
      db,
      caller,
      getEntity('MehubAccountEntity'),
      { ids: [caller.userId], take: 1 },
      { firstname: true, surname: true, email: true },
    )) as Person[];
    const me = nameOf(self, caller.email);
    const lists = await Promise.all([reviewsOfMine(db, caller, me), waitingForReview(db, caller), reminders(db, caller, me, offsets)]);
    return lists
      .flat()
      .sort((a, b) => b.date.localeCompare(a.date))
      .slice(0, RECENT_ACTIVITY_LIMIT);
  });
}
