import { TimelineAction } from '@hub/model';
import {
  TIMELINE,
  TIMELINE_EVENTS_ENTITY,
  type QuickJumpOption,
  type TimelineEvent,
  type TimelineGroup,
  type TimelineTimeFrame,
} from '@hub/model/timeline';
import { parseWireDate } from '@hub/model/values';
import { api } from '../client/api';
import { graphqlRequest } from '../client/graphql';
import type { Where } from '../admin/list/query';

/** The timeline screens' calls: the events' conditional list and the three REST routes (back-office 7). */

const EVENT_FIELDS =
  'id created action actionTitle description entityId groupId recordEntity recordId entity { id email firstname surname }';

export interface TimelineRow extends TimelineEvent {
  entity: { id: string; email: string | null; firstname: string | null; surname: string | null } | null;
}

/** The live filter of back-office 3 ('Timeline filter'); the draft has the same shape. */
export interface TimelineFilter {
  searchTerm: string;
  instanceIds: string[];
  /** Local calendar days 'YYYY-MM-DD', or ''. */
  startDate: string;
  endDate: string;
  /** Action wire values (CREATED, ...). */
  selectedActionTypes: string[];
}

export const EMPTY_FILTER: TimelineFilter = { searchTerm: '', instanceIds: [], startDate: '', endDate: '', selectedActionTypes: [] };

/** A moment as the wire's UTC 'YYYY-MM-DD HH:mm:ss'. */
export const toWire = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
/** A wire moment in epoch milliseconds. */
export const fromWire = (wire: string) => parseWireDate(wire)?.getTime() ?? NaN;

/** The start of a local calendar day 'YYYY-MM-DD' in epoch milliseconds. */
function localDay(day: string, plusDays = 0): number {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + plusDays).getTime();
}

/** The conditions of a filter on the events (created bounds, Action equals, entityId equals, search terms). */
export function conditionsOf(filter: TimelineFilter, fixedAccount?: string | null): Where[][] {
  const groups: Where[][] = [];
  if (fixedAccount) groups.push([{ path: 'entityId', comparison: 'equal', value: [fixedAccount] }]);
  else if (filter.instanceIds.length) groups.push(filter.instanceIds.map((id) => ({ path: 'entityId', comparison: 'equal', value: [id] })));
  if (filter.selectedActionTypes.length)
    groups.push(filter.selectedActionTypes.map((a) => ({ path: 'action', comparison: 'equal', value: [a] })));
  const start = filter.startDate;
  const end = filter.endDate || filter.startDate;
  if (start && end) {
    groups.push([{ path: 'created', comparison: 'greaterThanOrEqual', value: [toWire(localDay(start))] }]);
    groups.push([{ path: 'created', comparison: 'lessThan', value: [toWire(localDay(end, 1))] }]);
  }
  const term = filter.searchTerm.trim();
  if (term.length >= TIMELINE.searchMinLength) {
    const like = (path: string): Where => ({ path, comparison: 'contains', value: [term], case: 'INVARIANT_CULTURE_IGNORE_CASE' });
    groups.push(['actionTitle', 'description', 'entity.email', 'entity.firstname', 'entity.surname'].map(like));
  }
  return groups;
}

const LIST = `query($c: [[WhereExpressionGraph!]!], $skip: Int, $take: Int, $o: [OrderByGraph!]) {
  r: mehubAccountTimelineEventsEntitysConditional(conditions: $c, skip: $skip, take: $take, orderBy: $o) { ${EVENT_FIELDS} }
}`;

/** A page of events: newest first (`older`) or oldest first (`newer`), as the list screen sends it. */
export async function listEvents(conditions: Where[][], skip: number, take: number, newestFirst: boolean): Promise<TimelineRow[]> {
  const data = await graphqlRequest<{ r: TimelineRow[] }>(LIST, {
    c: conditions,
    skip,
    take,
    o: [
      { path: 'created', descending: newestFirst },
      { path: 'id', descending: newestFirst },
    ],
  });
  return data.r;
}

/** The earliest event matching the conditions (a probe, take 1), for the graph's default window. */
export async function earliestEvent(conditions: Where[][]): Promise<TimelineRow | null> {
  return (await listEvents(conditions, 0, TIMELINE.probe, false))[0] ?? null;
}

/** The latest events of a graph group, for its card (take 2). */
export function cardEvents(conditions: Where[][], group: TimelineGroup): Promise<TimelineRow[]> {
  return listEvents(
    [
      ...conditions,
      [{ path: 'created', comparison: 'greaterThanOrEqual', value: [group.dateTimeGroup.startDate] }],
      [{ path: 'created', comparison: 'lessThan', value: [group.dateTimeGroup.endDate] }],
    ],
    0,
    TIMELINE.card,
    true,
  );
}

const path = (route: string) => `/api/entity/${TIMELINE_EVENTS_ENTITY}/${route}`;

export const actionTypes = () => api<string[]>('GET', path('action-types'));

/** Action labels ('Created') as wire values (CREATED). */
export const actionValueOf = (label: string): string =>
  Object.entries(TimelineAction.values).find(([, l]) => l === label)?.[0] ?? label.toUpperCase();

export const graphData = (conditions: Where[][], startMs: number, endMs: number) =>
  api<TimelineGroup[]>('POST', path('timeline-graph-data'), {
    conditions,
    dateRange: { startDate: toWire(startMs), endDate: toWire(endMs) },
  });

export const quickJumpOptions = (conditions: Where[][], timeFrame: TimelineTimeFrame) =>
  api<QuickJumpOption[]>('POST', path('quick-jump-options'), {
    conditions,
    timeFrame,
    timeZoneId: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  });

export interface AccountOption {
  id: string;
  email: string;
  firstname: string | null;
  surname: string | null;
}

/** The instance filter's options: accounts matching a term, take 10. */
export async function accountOptions(term: string): Promise<AccountOption[]> {
  const t = term.trim();
  const like = (p: string): Where => ({ path: p, comparison: 'contains', value: [t], case: 'INVARIANT_CULTURE_IGNORE_CASE' });
  const data = await graphqlRequest<{ r: AccountOption[] }>(
    `query($c: [[WhereExpressionGraph!]!], $take: Int) { r: mehubAccountEntitysConditional(conditions: $c, take: $take, orderBy: [{path: "email"}]) { id email firstname surname } }`,
    { c: t ? [['email', 'firstname', 'surname'].map(like)] : [], take: TIMELINE.instanceOptions },
  );
  return data.r;
}

export const accountName = (a: { email: string | null; firstname: string | null; surname: string | null } | null | undefined) =>
  [a?.firstname, a?.surname].filter((s) => s && s.trim()).join(' ') || a?.email || '';

/** Where a 'Form Reviewed' event's View button goes: the submission's page (edit for the two manager roles). */
export async function submissionPath(submissionId: string, mode: 'view' | 'edit'): Promise<string | null> {
  const data = await graphqlRequest<{
    r: { id: string; formVersion: { formId: string; form: { formType: string } | null } | null } | null;
  }>(`query($id: ID!) { r: formSubmissionsEntity(id: $id) { id formVersion { formId form { formType } } } }`, { id: submissionId });
  const s = data.r;
  if (!s?.formVersion?.form) return null;
  return `/user-submissions/${encodeURIComponent(s.formVersion.form.formType)}/${s.formVersion.formId}/${mode}/${s.id}`;
}
