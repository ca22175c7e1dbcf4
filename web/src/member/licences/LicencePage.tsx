import { Alert, Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { getEntity, inputKey, kinds, messages, type Field } from '@hub/model';
import { notifications } from '@mantine/notifications';
import { Fragment, useMemo, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useMe } from '../../app/session';
import { FieldInput } from '../../admin/record/FieldInput';
import { FileListField } from '../../admin/record/FileListField';
import { useRecordController, type RecordMode } from '../../admin/record/useRecordController';
import { Crumbs } from '../../ui/Crumbs';
import { formatLocal } from '../../ui/dates';
import { entityView } from '../users/entity-view';
import { USERS_PATH, userName, useUserSummary } from '../users/users-api';
import { LICENCE_TEXT, licenceSavedApproved } from './licence-rules';
import { LicenceAttachmentDrop } from './LicenceAttachmentDrop';
import { LicenceStatusBadge, RenewalDate } from './LicenceList';
import { licencePaths } from './licences-api';
import classes from '../records/touch.module.css';

/** Fields loaded but not drawn as inputs: the status badge and approval line show the first two, the path the account. */
const NOT_ON_THE_FORM = ['status', 'authorizedDate', 'mehubAccount'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The licence form's fields in the spec's order (member-site.md 2): the attachment first, then these.
 * Status and authorizedDate are the server's (shown, never sent); the account is fixed by the path.
 */
const licenceForm = (userId: string | undefined) =>
  entityView(getEntity('LicenceEntity'), {
    licenceName: true,
    licenceIssuer: true,
    licenceType: true,
    licenceNumber: true,
    renewalDate: true,
    description: true,
    status: { readOnly: true },
    authorizedDate: { readOnly: true },
    mehubAccount: { default: userId, immutable: true },
    licenceAttachmentss: true,
  });

/**
 * A title that may break after each slash: 'Upload Licences/Competencies' is one word to the
 * browser, wider than a 320 px phone (the page scrolled sideways).
 */
function breakAfterSlashes(text: string): ReactNode {
  const parts = text.split('/');
  return parts.map((part, i) =>
    i < parts.length - 1 ? (
      <Fragment key={i}>
        {part}/<wbr />
      </Fragment>
    ) : (
      part
    ),
  );
}

/**
 * /users/{id}/licences/create ('Upload Licences/Competencies'), /users/{id}/licences/view/{licenceId}
 * and /users/{id}/licences/edit/{licenceId}: the licence form on the generic record controller.
 */
export function LicencePage({ mode }: { mode: RecordMode }) {
  const { userId, licenceId } = useParams();
  if (!userId || !UUID.test(userId) || (mode !== 'create' && (!licenceId || !UUID.test(licenceId)))) return <Navigate to="/404" replace />;
  return <LicenceScreen key={`${mode}-${licenceId ?? ''}`} mode={mode} userId={userId} licenceId={licenceId} />;
}

function LicenceScreen({ mode, userId, licenceId }: { mode: RecordMode; userId: string; licenceId?: string }) {
  const me = useMe().data;
  const user = useUserSummary(userId);
  const entity = useMemo(() => licenceForm(userId), [userId]);
  const paths = licencePaths(userId);
  const rec = useRecordController({
    entity,
    mode,
    id: licenceId,
    listPath: paths.list,
    texts: { saved: LICENCE_TEXT.uploaded, failed: LICENCE_TEXT.saveFailed },
    onSaved: () => {
      if (!licenceSavedApproved(me))
        notifications.show({
          color: 'yellow',
          title: LICENCE_TEXT.pendingTitle,
          message: LICENCE_TEXT.pendingBody,
          autoClose: 10_000,
          // The description in the body's colour (Mantine's dimmed grey is too faint on the toast).
          styles: { description: { color: 'var(--mantine-color-text)' } },
        });
    },
  });
  const { record, loaded, current, fields, lists, submitted, issues, errorFor, set, touch } = rec;
  const attachments = lists[0];

  if (user.isPending || (mode !== 'create' && record.isPending))
    return (
      <Center py="xl" role="status">
        <Loader size="sm" mr="sm" />
        <Text>Loading Licence...</Text>
      </Center>
    );
  // Someone else's user or licence (another organisation, or a worker's colleague): the 404 page.
  if (user.isError || !user.data || (mode !== 'create' && (record.isError || !loaded || loaded.mehubAccountId !== userId)))
    return <Navigate to="/404" replace />;
  if (!current) return null;

  const name = String(loaded?.licenceName ?? '');
  const title = mode === 'create' ? LICENCE_TEXT.createTitle : mode === 'edit' ? `Edit ${name}` : `View ${name}`;
  const shown = fields.filter(([n]) => !NOT_ON_THE_FORM.includes(n));
  const render = ([n, f]: [string, Field]) => {
    const key = inputKey(n, f);
    const upload = kinds[f.kind].upload;
    return (
      <FieldInput
        key={n}
        name={n}
        field={f}
        value={upload && current[n] instanceof File ? current[n] : current[key]}
        record={loaded}
        mode={mode}
        error={errorFor(key)}
        onChange={(v) => set(upload ? n : key, v)}
        onBlur={() => touch(key)}
        shown={mode === 'view' && n === 'renewalDate' && loaded?.renewalDate ? <RenewalDate licence={loaded} /> : undefined}
      />
    );
  };
  const change = (attachments && rec.fileChanges[attachments.name]) || { add: [], remove: [] };

  return (
    <Container size="md" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Crumbs
        safety={false}
        items={[{ label: 'Users', to: USERS_PATH }, { label: userName(user.data), to: `${USERS_PATH}/view/${userId}` }, { label: title }]}
      />
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {breakAfterSlashes(title)}
        </Title>
        {mode === 'view' && loaded && <LicenceStatusBadge licence={loaded as { status: string; renewalDate: string | null }} />}
      </Group>
      <Paper
        withBorder
        p={{ base: 'sm', sm: 'md' }}
        component="form"
        onSubmit={(e) => void rec.submit(e)}
        noValidate
        aria-label={title}
        className={classes.touch}
      >
        <Stack gap="sm">
          {submitted && issues.length > 0 && (
            <Alert color="red" role="alert" aria-live="assertive">
              {messages.genericForm}
            </Alert>
          )}
          {rec.serverErrors.length > 0 && (
            <Alert color="red" role="alert" aria-live="assertive" title={LICENCE_TEXT.saveFailed}>
              {rec.serverErrors.map((m) => (
                <Text key={m} size="sm">
                  {m}
                </Text>
              ))}
            </Alert>
          )}
          {attachments && mode !== 'view' && (
            <LicenceAttachmentDrop list={attachments} change={change} onChange={(c) => rec.setFileChange(attachments.name, c)} />
          )}
          {attachments && mode !== 'create' && (
            <FileListField
              list={attachments}
              parentId={licenceId}
              mode={mode}
              change={{ add: [], remove: change.remove }}
              onChange={(c) => rec.setFileChange(attachments.name, { add: change.add, remove: c.remove })}
              canAdd={false}
              canRemove={rec.allowed('delete', attachments.target.name)}
              saveWord="Save"
            />
          )}
          {shown.map(render)}
          {mode === 'view' && loaded?.authorizedDate ? <Text size="sm">Approved {formatLocal(String(loaded.authorizedDate))}</Text> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" mih={44} onClick={() => rec.back()}>
              {mode === 'view' ? 'Back' : 'Cancel'}
            </Button>
            {mode === 'view' && rec.allowed('update') && (
              <Button component={Link} to={paths.edit(licenceId!)} mih={44}>
                Edit
              </Button>
            )}
            {mode !== 'view' && (
              <Button type="submit" loading={rec.saving} mih={44}>
                Save
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}

/** /users/{id}/licences: a user's licences are listed on their view page. */
export function UserLicencesRedirect() {
  const { userId } = useParams();
  return <Navigate to={userId && UUID.test(userId) ? `/users/view/${userId}` : '/404'} replace />;
}
