import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { hasRoleFact } from '@hub/model/roles';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useMe } from '../../app/session';
import { Crumbs } from '../../ui/Crumbs';
import { conditionsOf, EMPTY_FILTER, submissionPath, type TimelineRow } from '../../timelines/timeline-api';
import { TimelineList, type EventLinks } from '../../timelines/TimelineList';
import { seesOnlySelf, USERS_PATH, userName, useUserSummary } from './users-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A 'Form Reviewed' event's View button: the review page for SafetyManager and Manager, the view page for others. */
function ReviewedButton({ event, edit }: { event: TimelineRow; edit: boolean }) {
  const navigate = useNavigate();
  const [state, setState] = useState<'idle' | 'opening' | 'gone'>('idle');
  if (state === 'gone')
    return (
      <Text size="xs" c="gray.7">
        No longer available
      </Text>
    );
  return (
    <Button
      size="xs"
      variant="light"
      mih={36}
      loading={state === 'opening'}
      onClick={() => {
        setState('opening');
        submissionPath(event.recordId!, edit ? 'edit' : 'view')
          .then((to) => (to ? navigate(to) : setState('gone')))
          .catch(() => setState('gone'));
      }}
    >
      View
    </Button>
  );
}

/** /users/{id}/timeline (member-site.md 2, 'A timeline page for users exists'): the user's events, as a list. */
export function UserTimelinePage() {
  const { userId } = useParams();
  const me = useMe().data;
  const summary = useUserSummary(userId && UUID.test(userId) ? userId : undefined);
  if (!me) return null;
  if (!userId || !UUID.test(userId) || (seesOnlySelf(me) && userId !== me.id)) return <Navigate to="/404" replace />;
  if (summary.isPending)
    return (
      <Center py="xl" role="status">
        <Loader size="sm" mr="sm" aria-hidden />
        <Text>Loading User...</Text>
      </Center>
    );
  if (summary.isError || !summary.data) return <Navigate to="/404" replace />;
  const name = userName(summary.data);
  const edit = hasRoleFact('formReviewedEdit', me.roleName);
  const links: EventLinks = { item: () => null, reviewed: (e) => <ReviewedButton event={e} edit={edit} /> };
  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }}>
      <Crumbs
        items={[{ label: 'Users', to: USERS_PATH }, { label: name, to: `${USERS_PATH}/view/${userId}` }, { label: 'Timeline' }]}
        safety={false}
      />
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Timeline of {name}
        </Title>
        <Button
          component={Link}
          to={`${USERS_PATH}/view/${userId}`}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          mih={44}
        >
          Back to user
        </Button>
      </Group>
      <TimelineList conditions={conditionsOf(EMPTY_FILTER, userId)} showAccount={false} links={links} height="min(75vh, 900px)" />
    </Stack>
  );
}
