import { Alert, Center, Code, Collapse, Container, Loader, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { notificationDefaults, type Answers, type FormDefinition } from '@hub/model/forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMe, type Me } from '../../app/session';
import { FormFiller } from '../../forms/FormFiller';
import { Crumbs } from '../../ui/Crumbs';
import { AttachmentsPanel } from '../attach/AttachmentsPanel';
import { createSubmission, deleteDraft, fetchDraft, loadColleagues, loadForm } from './forms-api';
import { formTypeLabel } from './form-types';
import { releaseLocalPhotos, uploadPendingPhotos } from '../../forms/photos/pending';

/** The spec's form fetch failure: a message with the detail behind 'Detailed Errors'. */
export function FetchError({ error }: { error: unknown }) {
  const [open, { toggle }] = useDisclosure(false);
  return (
    <Alert color="red" title="There was an error fetching this form;">
      <UnstyledButton onClick={toggle} td="underline" fz="sm" aria-expanded={open}>
        Detailed Errors
      </UnstyledButton>
      <Collapse expanded={open}>
        <Code block mt="xs">
          {error instanceof Error ? error.message : String(error)}
        </Code>
      </Collapse>
    </Alert>
  );
}

/** The organisation's primary contact from /api/account/me; undefined when it has none (or the server does not say). */
export function primaryContactOf(me: Me | null | undefined): string | undefined {
  return me?.primaryContactId || undefined;
}

/** A new form's starting answers: the Complete Slide notifies the primary contact unless changed. */
export function newFormAnswers(definition: FormDefinition, primaryContactId: string | undefined): Answers {
  return primaryContactId ? notificationDefaults(definition, primaryContactId) : {};
}

/**
 * /safety-form/{formId}: fills in the form's published version, or resumes the user's
 * draft (against the version it was started on). Submitting returns home.
 */
export function SafetyFormPage() {
  const { formId = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const data = useQuery({
    queryKey: ['fill', formId],
    queryFn: async () => {
      const [form, draft] = await Promise.all([loadForm(formId), fetchDraft(formId)]);
      return { form, draft };
    },
    gcTime: 0,
    retry: false,
  });
  const users = useQuery({ queryKey: ['colleagues'], queryFn: loadColleagues, staleTime: 300_000 });
  const me = useMe();
  // A draft saved on this page (before attaching): Cancel now has a draft to discard.
  const [savedDraft, setSavedDraft] = useState(false);
  // The attachments panel's own save before an attach page or an upload: no draft toast for it.
  const silentSave = useRef(false);

  if (data.isPending || me.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading form" />
      </Center>
    );
  }
  if (data.isError) {
    return (
      <Container size="md" py="md">
        <FetchError error={data.error} />
      </Container>
    );
  }
  const { form, draft } = data.data;
  if (!form) {
    return (
      <Container size="md" py="md">
        <FetchError error={new Error('The form does not exist or is not available to you.')} />
      </Container>
    );
  }
  const version = draft?.version ?? form.version;
  if (!version) {
    return (
      <Container size="md" py="md">
        <Alert color="yellow">There is no published version for this form.</Alert>
      </Container>
    );
  }

  const refresh = () => client.invalidateQueries({ queryKey: ['forms-of-type'] });
  const save = async (answers: Answers, complete: boolean, stay = false) => {
    try {
      // Photos still on the device (taken offline, or whose upload was cut off) are uploaded first.
      const sent = await uploadPendingPhotos(answers, me.data?.id ?? '');
      await createSubmission(version.id, sent, complete);
      // Leaving the form: the device's copies of those photos are no longer needed.
      if (complete || !silentSave.current) await releaseLocalPhotos(answers);
      if (!complete) setSavedDraft(true);
    } catch (err) {
      notifications.show({ color: 'red', title: 'There was an error saving the form', message: (err as Error).message, autoClose: false });
      throw err;
    }
    await refresh();
    if (complete) {
      notifications.show({ color: 'green', message: 'The form has been submitted successfully.' });
      void navigate('/home');
    } else {
      if (!silentSave.current) notifications.show({ color: 'yellow', message: 'The draft has been submitted successfully.' });
      // From the leave prompt the filler goes on to where the user was going.
      if (!stay) void navigate('/mesafety');
    }
  };
  const cancel = async () => {
    if (draft || savedDraft) {
      try {
        await deleteDraft(formId);
      } catch {
        notifications.show({ color: 'red', message: 'There was an error when discarding the form draft' });
        return;
      }
      await refresh();
    }
    void navigate('/mesafety');
  };

  return (
    <Container size="lg" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Crumbs items={[{ label: formTypeLabel(form.formType), to: `/user-submissions/${form.formType}` }]} endsAbove />
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }} mb={4}>
        {form.name}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        Version {version.version}
        {draft ? ' · continuing your draft' : ''}
      </Text>
      <FormFiller
        key={`${version.id}-${draft?.id ?? 'new'}`}
        definition={version.definition}
        initialAnswers={draft ? draft.answers : newFormAnswers(version.definition, primaryContactOf(me.data))}
        mode="fill"
        routePath={`/safety-form/${formId}`}
        users={users.data ?? []}
        hasSavedDraft={!!draft || savedDraft}
        onCancel={() => void cancel()}
        onSaveDraft={(a, { continueNavigation }) => save(a, false, continueNavigation)}
        onSubmit={(a) => save(a, true)}
        attachments={({ saveProgress }) => (
          <AttachmentsPanel
            formId={formId}
            mode="fill"
            saveProgress={async () => {
              silentSave.current = true;
              try {
                return await saveProgress();
              } finally {
                silentSave.current = false;
              }
            }}
          />
        )}
      />
    </Container>
  );
}
