import { Alert, Button, Group, MultiSelect, Paper, SegmentedControl, Select, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { getEntity, TimelineAction } from '@hub/model';
import { TIMELINE, TIMELINE_ENTITY, timelineMessages } from '@hub/model/timeline';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useMe } from '../../app/session';
import { graphqlRequest } from '../../client/graphql';
import { DayInput } from '../../ui/DayInput';
import { allowedTo, passesGate } from '../nav';
import { AccessDenied } from '../tools/AccessDenied';
import {
  accountName,
  accountOptions,
  actionTypes,
  actionValueOf,
  conditionsOf,
  EMPTY_FILTER,
  type TimelineFilter,
  type TimelineRow,
} from '../../timelines/timeline-api';
import { TimelineGraph } from '../../timelines/TimelineGraph';
import { TimelineList, type EventLinks } from '../../timelines/TimelineList';

const EVENTS = getEntity('MehubAccountTimelineEventsEntity');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The back-office's links of an event: its record's view page, the account's for a deleted record. */
const adminLinks: EventLinks = {
  item: (e: TimelineRow) =>
    e.recordEntity && e.recordId && e.action !== 'DELETED'
      ? `/admin/${e.recordEntity.toLowerCase()}/view/${e.recordId}`
      : e.entityId
        ? `/admin/${TIMELINE_ENTITY.toLowerCase()}/view/${e.entityId}`
        : null,
  reviewed: (e: TimelineRow) => (
    <Button component={Link} to={`/admin/formsubmissionsentity/view/${e.recordId}`} size="xs" variant="light">
      View
    </Button>
  ),
};

/**
 * /admin/timelines and /admin/Timelines/:component/:entity?/:id? (back-office 2.1, 2.10): the
 * graph (default) or the list of account events, with the filter; below 900 px the list only.
 */
export default function TimelinesPage() {
  const { component, entity, id } = useParams();
  const me = useMe().data;
  const wide = useMediaQuery(`(min-width: ${TIMELINE.graphMinWidth}px)`, true, { getInitialValueInEffect: false });
  if (!passesGate(me, EVENTS)) return <Navigate to="/404" replace />;
  if (!allowedTo(me, EVENTS, 'read')) return <AccessDenied />;
  const rest = entity ? `/${entity}${id ? `/${id}` : ''}` : '';
  if (component !== 'graph' && component !== 'list') return <Navigate to={`/admin/timelines/graph${rest}`} replace />;
  // Only the account entity has timelines; an instance must be an id.
  if ((entity && entity.toLowerCase() !== TIMELINE_ENTITY.toLowerCase()) || (id && !UUID.test(id)))
    return <Navigate to="/admin/timelines/graph" replace />;
  return <Timelines key={`${entity ?? ''}-${id ?? ''}`} component={wide ? component : 'list'} forced={!wide} account={id ?? null} />;
}

function Timelines({ component, forced, account }: { component: 'graph' | 'list'; forced: boolean; account: string | null }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<TimelineFilter>(EMPTY_FILTER);
  const [live, setLive] = useState<TimelineFilter>(EMPTY_FILTER);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, TIMELINE.searchDebounceMs);
  const [instanceSearch, setInstanceSearch] = useState('');
  const [instanceTerm] = useDebouncedValue(instanceSearch, TIMELINE.searchDebounceMs);
  const [chosen, setChosen] = useState<Record<string, string>>({});

  const types = useQuery({ queryKey: ['timeline-action-types'], queryFn: actionTypes });
  const instances = useQuery({
    queryKey: ['timeline-instances', instanceTerm],
    queryFn: () => accountOptions(instanceTerm),
    enabled: !account,
  });
  const named = useQuery({
    queryKey: ['timeline-account', account],
    queryFn: () =>
      graphqlRequest<{ r: { id: string; email: string; firstname: string | null; surname: string | null } | null }>(
        `query($id: ID!) { r: mehubAccountEntity(id: $id) { id created modified firstname surname email } }`,
        { id: account },
      ),
    enabled: !!account,
  });

  const effectiveTerm = term.trim().length >= TIMELINE.searchMinLength ? term : '';
  const conditions = useMemo(() => conditionsOf({ ...live, searchTerm: effectiveTerm }, account), [live, effectiveTerm, account]);
  const base = `/admin/timelines`;
  const rest = account ? `/${TIMELINE_ENTITY}/${account}` : '';
  const instanceData = [
    ...Object.entries(chosen).map(([value, label]) => ({ value, label })),
    ...(instances.data ?? []).filter((a) => !chosen[a.id]).map((a) => ({ value: a.id, label: `${accountName(a)} (${a.email})` })),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {account ? `Timeline of ${named.data?.r ? accountName(named.data.r) : '...'}` : 'Timelines'}
        </Title>
        {!forced && (
          <SegmentedControl
            value={component}
            onChange={(v) => navigate(`${base}/${v}${rest}`)}
            data={[
              { value: 'graph', label: 'Graph' },
              { value: 'list', label: 'List' },
            ]}
            aria-label="Timeline view"
          />
        )}
      </Group>
      {forced && (
        <Alert color="blue" variant="light">
          {timelineMessages.smallScreen}
        </Alert>
      )}
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Search"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              description={`At least ${TIMELINE.searchMinLength} characters`}
              w={260}
            />
            <Select
              label="Timeline entity"
              data={[{ value: TIMELINE_ENTITY, label: getEntity(TIMELINE_ENTITY).label }]}
              value={TIMELINE_ENTITY}
              disabled
              w={200}
            />
            {!account && (
              <MultiSelect
                label="Instances"
                placeholder="Search accounts"
                searchable
                searchValue={instanceSearch}
                onSearchChange={setInstanceSearch}
                data={instanceData}
                value={draft.instanceIds}
                filter={({ options }) => options}
                onChange={(ids) => {
                  setChosen(Object.fromEntries(ids.map((v) => [v, instanceData.find((o) => o.value === v)?.label ?? v])));
                  setDraft({ ...draft, instanceIds: ids });
                }}
                nothingFoundMessage={instances.isError ? timelineMessages.error : 'No accounts found'}
                w={300}
              />
            )}
            <MultiSelect
              label="Action types"
              data={(types.data ?? Object.values(TimelineAction.values)).map((label) => ({ value: actionValueOf(label), label }))}
              value={draft.selectedActionTypes}
              onChange={(v) => setDraft({ ...draft, selectedActionTypes: v })}
              w={260}
            />
            <DayInput label="Start date" value={draft.startDate} onChange={(v) => setDraft({ ...draft, startDate: v ?? '' })} w={160} />
            <DayInput label="End date" value={draft.endDate} onChange={(v) => setDraft({ ...draft, endDate: v ?? '' })} w={160} />
          </Group>
          <Group gap="sm">
            <Button onClick={() => setLive({ ...draft })}>Apply</Button>
            <Button
              variant="default"
              onClick={() => {
                const cleared = { ...draft, instanceIds: [], selectedActionTypes: [], startDate: '', endDate: '' };
                setChosen({});
                setDraft(cleared);
                setLive(cleared);
              }}
            >
              Clear
            </Button>
          </Group>
        </Stack>
      </Paper>
      {component === 'graph' ? (
        <TimelineGraph conditions={conditions} links={adminLinks} />
      ) : (
        <TimelineList conditions={conditions} showAccount={!account} links={adminLinks} />
      )}
    </Stack>
  );
}
