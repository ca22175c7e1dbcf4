import { Anchor } from '@mantine/core';
import { getEntity } from '@hub/model';
import { Link, Navigate, useParams } from 'react-router';
import { MemberListPage, type MemberColumn, type Row } from '../records/MemberListPage';
import { useTab } from '../records/tabs';
import { ActionDueDate, PriorityBadge, StatusBadge } from './ActionBits';
import {
  ACTIONS_PATH,
  SUBMISSION_SELECTION,
  actionTabs,
  actionsPageOfSegment,
  actionsPathOf,
  personName,
  submissionUrl,
  todayLocal,
  type ActionRecord,
  type Person,
} from './action-api';

const actionEntity = getEntity('CorrectiveActionEntity');

function columns(today: string): MemberColumn[] {
  return [
    { key: 'description', label: 'Description', cell: (r) => String(r.description ?? '') },
    {
      key: 'form',
      label: 'Form',
      cell: (r) => {
        const s = r.formSubmissions as ActionRecord['formSubmissions'];
        const url = submissionUrl(s);
        const name = s?.formVersion?.form?.name ?? 'Submission';
        return url ? (
          <Anchor component={Link} to={url}>
            {name}
          </Anchor>
        ) : null;
      },
    },
    { key: 'assignee', label: 'Assignee', cell: (r) => personName(r.assignee as Person | null) || 'Not assigned' },
    { key: 'priority', label: 'Priority', cell: (r) => <PriorityBadge priority={r.priority as string} /> },
    {
      key: 'dueDate',
      label: 'Due Date',
      cell: (r) => <ActionDueDate status={r.status as string} dueDate={r.dueDate as string} today={today} />,
    },
    { key: 'status', label: 'Status', cell: (r) => <StatusBadge status={r.status as string} /> },
  ];
}

/**
 * /corrective-actions and /corrective-actions-{n} (issue 15): the actions the viewer reads (their
 * organisation's for managers, their own for an assignee), in tabs Open, Overdue and Closed with
 * their counts, on the member list frame.
 */
export function ActionsPage() {
  const { page: segment } = useParams();
  const page = segment ? actionsPageOfSegment(segment) : 1;
  if (page === null) return <Navigate to="/404" replace />;
  return <Actions page={page} />;
}

function Actions({ page }: { page: number }) {
  const today = todayLocal();
  const tabs = actionTabs(today);
  const tab = useTab(tabs);
  return (
    <MemberListPage
      entity={actionEntity}
      title="Corrective Actions"
      crumbs={[{ label: 'Corrective Actions', to: ACTIONS_PATH }, { label: tab.label }]}
      safety
      tabs={tabs}
      tabCounts
      page={page}
      pathOf={actionsPathOf}
      recordPath={ACTIONS_PATH}
      columns={columns(today)}
      select={`description status priority dueDate assignee { id firstname surname email } ${SUBMISSION_SELECTION}`}
      rowName={(r: Row) => String(r.description ?? 'Corrective action')}
      canEdit={() => false}
      plural="corrective actions"
      searchPlaceholder="Description or question"
    />
  );
}
