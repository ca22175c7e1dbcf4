import {
  Alert,
  Anchor,
  Button,
  Center,
  Container,
  FileInput,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { ACTION_COMMENT_MAX, ACTION_DESCRIPTION_MAX, ACTION_PHOTO_MAX_BYTES, Priority, isManagerRole } from '@hub/model';
import { notifications } from '@mantine/notifications';
import { IconCamera, IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { hasBackendAccess, useMe } from '../../app/session';
import { Crumbs } from '../../ui/Crumbs';
import { DayInput } from '../../ui/DayInput';
import { formatLocal } from '../../ui/dates';
import { assigneeOptions } from '../../forms/assignees';
import { loadColleagues } from '../forms/forms-api';
import { ActionDueDate, PriorityBadge, StatusBadge } from './ActionBits';
import {
  ACTIONS_PATH,
  ACTION_MESSAGES,
  closeAction,
  loadAction,
  personName,
  submissionUrl,
  todayLocal,
  updateAction,
  type ActionRecord,
} from './action-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IMAGE_TYPES = 'image/jpeg,image/png,image/gif,image/webp';
const errorText = (err: unknown) => (err instanceof Error && err.message ? err.message : 'An unexpected error occurred');

/** /corrective-actions/view/{id}: the action, a link to its submission, Close action (assignee and managers), and for managers Change. */
export function ActionPage() {
  const { id } = useParams();
  if (!id || !UUID.test(id)) return <Navigate to="/404" replace />;
  return <ActionScreen key={id} id={id} />;
}

function ActionScreen({ id }: { id: string }) {
  const me = useMe().data;
  const action = useQuery({ queryKey: ['corrective-action', id], queryFn: () => loadAction(id) });
  const manager = isManagerRole(me?.roleName) || hasBackendAccess(me);
  const today = todayLocal();
  if (action.isPending)
    return (
      <Center py="xl" aria-busy>
        <Loader aria-label="Loading corrective action" />
      </Center>
    );
  if (action.isError)
    return (
      <Container size="md" py="md">
        <Alert color="red" title="Error Loading Corrective Action">
          An unexpected error occurred: {errorText(action.error)}
        </Alert>
      </Container>
    );
  const a = action.data;
  if (!a) return <Navigate to="/404" replace />;
  const mine = !!me && a.assigneeId === me.id;
  const url = submissionUrl(a.formSubmissions);
  return (
    <Container size="md" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Crumbs items={[{ label: 'Corrective Actions', to: ACTIONS_PATH }, { label: 'Corrective action' }]} safety />
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {a.description}
        </Title>
        <Group gap="xs">
          <StatusBadge status={a.status} />
          <PriorityBadge priority={a.priority} />
        </Group>
      </Group>
      <Paper withBorder p="md" radius="md" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
          <Detail label="Due date">
            <ActionDueDate status={a.status} dueDate={a.dueDate} today={today} />
          </Detail>
          <Detail label="Assignee">{personName(a.assignee) || 'Not assigned'}</Detail>
          <Detail label="Raised by">
            {personName(a.raisedBy) || '—'} on {formatLocal(a.created)}
          </Detail>
          <Detail label="Raised from">
            {url ? (
              <Anchor component={Link} to={url}>
                {a.formSubmissions?.formVersion?.form?.name ?? 'the submission'}
              </Anchor>
            ) : (
              'A submission'
            )}
          </Detail>
          {a.questionTitle && (
            <Detail label="Question">
              {a.questionTitle}
              {a.answer && (
                <Text span fw={700}>
                  {' '}
                  — {a.answer}
                </Text>
              )}
            </Detail>
          )}
          {a.status === 'CLOSED' && (
            <>
              <Detail label="Closed">
                {personName(a.closedBy) || 'An administrator'}
                {a.closedAt && ` on ${formatLocal(a.closedAt)}`}
              </Detail>
              <Detail label="Closing comment">
                <Text span style={{ whiteSpace: 'pre-wrap' }}>
                  {a.closingComment}
                </Text>
              </Detail>
              {a.closingPhotoId && (
                <Detail label="Closing photo">
                  <a href={`/api/files/${a.closingPhotoId}`} target="_blank" rel="noopener">
                    <img
                      src={`/api/files/${a.closingPhotoId}`}
                      alt={`Photo closing the action: ${a.closingPhoto?.fileName ?? 'photo'}`}
                      style={{ maxWidth: '100%', maxHeight: 240, borderRadius: 6, display: 'block' }}
                    />
                  </a>
                </Detail>
              )}
            </>
          )}
        </SimpleGrid>
      </Paper>
      {a.status === 'OPEN' && (mine || manager) && <ClosePanel action={a} />}
      {manager && a.status === 'OPEN' && <ChangePanel action={a} />}
      {manager && a.status === 'CLOSED' && <ReopenButton action={a} />}
    </Container>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function useRefresh(id: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['corrective-action', id] }),
      client.invalidateQueries({ queryKey: ['list', 'CorrectiveActionEntity'] }),
    ]);
}

/** Close action: a required comment and an optional photo (the phone's camera or gallery; an image, 20 MB at most). */
function ClosePanel({ action }: { action: ActionRecord }) {
  const refresh = useRefresh(action.id);
  const [comment, setComment] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [tried, setTried] = useState(false);
  const close = useMutation({
    mutationFn: () => closeAction(action.id, comment, photo),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: ACTION_MESSAGES.closed });
      await refresh();
    },
    onError: (err) => notifications.show({ color: 'red', title: ACTION_MESSAGES.closeFailed, message: errorText(err) }),
  });
  const commentError =
    tried && !comment.trim()
      ? ACTION_MESSAGES.commentRequired
      : comment.length > ACTION_COMMENT_MAX
        ? `At most ${ACTION_COMMENT_MAX} characters`
        : undefined;
  const photoError =
    photo && !photo.type.startsWith('image/')
      ? ACTION_MESSAGES.photoImage
      : photo && photo.size > ACTION_PHOTO_MAX_BYTES
        ? ACTION_MESSAGES.photoTooLarge
        : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!comment.trim() || comment.length > ACTION_COMMENT_MAX || photoError) return;
    close.mutate();
  };
  return (
    <Paper withBorder p="md" radius="md" mb="md" component="form" onSubmit={submit} aria-labelledby="close-action-title" noValidate>
      <Title order={2} fz="h4" id="close-action-title" mb="sm">
        Close action
      </Title>
      <Stack gap="sm">
        <Textarea
          label="Closing comment"
          description="What was done to correct it"
          withAsterisk
          rows={3}
          value={comment}
          error={commentError}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        <FileInput
          label="Photo (optional)"
          description="Take a photo or choose one from the gallery"
          placeholder="Add a photo"
          accept={IMAGE_TYPES}
          clearable
          leftSection={<IconCamera size={18} aria-hidden />}
          value={photo}
          error={photoError}
          onChange={setPhoto}
          mih={44}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={close.isPending} leftSection={<IconCircleCheck size={18} aria-hidden />} mih={44}>
            Close action
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Managers: reassign, change the due date, priority or description. */
function ChangePanel({ action }: { action: ActionRecord }) {
  const refresh = useRefresh(action.id);
  const colleagues = useQuery({ queryKey: ['colleagues'], queryFn: loadColleagues, staleTime: 300_000 });
  const [values, setValues] = useState({
    assigneeId: action.assigneeId,
    dueDate: action.dueDate.slice(0, 10),
    priority: action.priority,
    description: action.description,
  });
  const save = useMutation({
    mutationFn: () => updateAction({ id: action.id, ...values, description: values.description.trim() }),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: ACTION_MESSAGES.saved });
      await refresh();
    },
    onError: (err) => notifications.show({ color: 'red', title: ACTION_MESSAGES.saveFailed, message: errorText(err) }),
  });
  const today = todayLocal();
  const dueError = !values.dueDate ? 'Please choose a due date' : undefined;
  const descriptionError = !values.description.trim()
    ? 'Please describe the corrective action'
    : values.description.length > ACTION_DESCRIPTION_MAX
      ? `At most ${ACTION_DESCRIPTION_MAX} characters`
      : undefined;
  const changed =
    values.assigneeId !== action.assigneeId ||
    values.dueDate !== action.dueDate.slice(0, 10) ||
    values.priority !== action.priority ||
    values.description !== action.description;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      mb="md"
      component="form"
      aria-labelledby="change-action-title"
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        if (!dueError && !descriptionError && changed) save.mutate();
      }}
    >
      <Title order={2} fz="h4" id="change-action-title" mb="sm">
        Change action
      </Title>
      <Stack gap="sm">
        <Textarea
          label="Description"
          withAsterisk
          rows={3}
          value={values.description}
          error={descriptionError}
          onChange={(e) => setValues({ ...values, description: e.currentTarget.value })}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Assignee"
            placeholder="Choose a colleague"
            searchable
            clearable
            data={assigneeOptions(colleagues.data ?? [], values.assigneeId)}
            value={values.assigneeId}
            onChange={(v) => setValues({ ...values, assigneeId: v })}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Priority"
            allowDeselect={false}
            data={Object.entries(Priority.values).map(([value, label]) => ({
              value,
              label: label.charAt(0).toUpperCase() + label.slice(1),
            }))}
            value={values.priority}
            onChange={(v) => v && setValues({ ...values, priority: v as ActionRecord['priority'] })}
            comboboxProps={{ withinPortal: true }}
          />
          <DayInput
            label="Due date"
            withAsterisk
            value={values.dueDate}
            minDate={today < values.dueDate ? today : values.dueDate}
            error={dueError}
            onChange={(d) => setValues({ ...values, dueDate: d ?? '' })}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={save.isPending} disabled={!changed} mih={44}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ReopenButton({ action }: { action: ActionRecord }) {
  const refresh = useRefresh(action.id);
  const reopen = useMutation({
    mutationFn: () => updateAction({ id: action.id, status: 'OPEN' }),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: ACTION_MESSAGES.reopened });
      await refresh();
    },
    onError: (err) => notifications.show({ color: 'red', title: ACTION_MESSAGES.reopenFailed, message: errorText(err) }),
  });
  return (
    <Group justify="flex-end">
      <Button variant="default" loading={reopen.isPending} onClick={() => reopen.mutate()} mih={44}>
        Reopen action
      </Button>
    </Group>
  );
}
