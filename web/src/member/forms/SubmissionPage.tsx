import { Alert, Button, Center, Container, Group, Loader, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { hasRoleFact } from '@hub/model/roles';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { isAdminGroup, useMe } from '../../app/session';
import { FormFiller } from '../../forms/FormFiller';
import { formatLocal } from '../../ui/dates';
import { Crumbs } from '../../ui/Crumbs';
import { AttachmentsPanel } from '../attach/AttachmentsPanel';
import { OfflineNote, useHubQuery } from '../../offline/hub-only';
import { formTypeLabel } from './form-types';
import { loadColleagues, loadSubmission, saveReview } from './forms-api';
import { downloadSubmissionPdf } from './pdf';
import { FetchError } from './SafetyFormPage';
import { isSubmissionType } from './SubmissionsPage';

/**
 * /user-submissions/:type/view/:id and /edit/:id: a completed submission, read-only, or
 * open for review by a manager (only the review slide changes).
 */
export function SubmissionPage({ mode }: { mode: 'view' | 'edit' }) {
  const { type = 'all', id = '' } = useParams();
  if (!isSubmissionType(type)) return <Navigate to="/404" replace />;
  return <Submission key={id} mode={mode} type={type} id={id} />;
}

function Submission({ mode, type, id }: { mode: 'view' | 'edit'; type: string; id: string }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const me = useMe().data;
  const submission = useHubQuery({ queryKey: ['submission', id], queryFn: () => loadSubmission(id), retry: false });
  const users = useHubQuery({ queryKey: ['colleagues'], queryFn: loadColleagues, staleTime: 300_000 });
  const canReview = isAdminGroup(me) || hasRoleFact('submissionUpdate', me?.roleName);
  const editing = mode === 'edit' && canReview;

  if (submission.offline && !submission.data)
    return (
      <Container size="md" py="md">
        <OfflineNote>You are offline. This submission can't be shown until you are back online.</OfflineNote>
      </Container>
    );
  if (submission.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading submission" />
      </Center>
    );
  if (submission.isError || !submission.data)
    return (
      <Container size="md" py="md">
        <FetchError error={submission.error ?? new Error('The submission does not exist or you are not allowed to see it.')} />
      </Container>
    );
  const s = submission.data;
  const owner = s.owner ? [s.owner.firstname, s.owner.surname].filter(Boolean).join(' ') || s.owner.email : 'Unknown';
  const back = `/user-submissions/${type}`;

  return (
    <Container size="lg" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Crumbs items={[{ label: formTypeLabel(s.form.formType), to: back }, { label: `${editing ? 'Edit' : 'View'} ${s.form.name}` }]} />
      <Group justify="space-between" align="flex-start" wrap="wrap" mb="md">
        <div>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            {s.form.name}
          </Title>
          <Text size="sm" c="gray.7">
            Version {s.version.version} · submitted by {owner} on {formatLocal(s.created)}
          </Text>
        </div>
        <Group gap="xs">
          {!editing && canReview && s.isCompleted && (
            <Button component={Link} to={`${back}/edit/${s.id}`} variant="light" mih={44}>
              Review
            </Button>
          )}
          <Button
            variant="default"
            mih={44}
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void downloadSubmissionPdf(s.id)}
          >
            Export PDF
          </Button>
        </Group>
      </Group>
      {mode === 'edit' && !canReview && (
        <Alert color="yellow" mb="md">
          Only a manager can review this submission; it is shown read-only.
        </Alert>
      )}
      <FormFiller
        key={`${s.id}-${s.modified}-${editing}`}
        definition={s.version.definition}
        initialAnswers={s.answers}
        mode={editing ? 'edit' : 'view'}
        showReviewSlide={isAdminGroup(me) || s.isCompleted || !!s.formReviewRequestId}
        reviewReadOnly={!editing}
        submitText="Save review"
        attachments={() => <AttachmentsPanel formId={s.form.id} mode="view" submissionId={s.id} />}
        users={users.data ?? []}
        onCancel={() => void navigate(back)}
        onSubmit={async (answers) => {
          try {
            await saveReview(s.id, answers);
          } catch (err) {
            notifications.show({ color: 'red', title: 'Could not save entity', message: (err as Error).message, autoClose: false });
            throw err;
          }
          await client.invalidateQueries({ queryKey: ['submission', id] });
          await client.invalidateQueries({ queryKey: ['submissions'] });
          notifications.show({ color: 'green', message: 'Successfully edited Form Submission' });
          void navigate(`${back}/view/${s.id}`);
        }}
      />
    </Container>
  );
}
