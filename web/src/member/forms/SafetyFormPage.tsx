import { Alert, Button, Center, Code, Collapse, Container, Loader, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { actionMessages, notificationDefaults, raisedActions, type Answers, type FormDefinition } from '@hub/model/forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMe, type Me } from '../../app/session';
import { FormFiller } from '../../forms/FormFiller';
import { Crumbs } from '../../ui/Crumbs';
import { AttachmentsPanel } from '../attach/AttachmentsPanel';
import { isNetworkError, isOffline } from '../../client/connectivity';
import { cachePut } from '../../offline/db';
import { draftKey, withDeviceCopy } from '../../offline/device-copy';
import { isQueuedDraft, loadFillData, type FillData } from '../../offline/fill-data';
import { clearLocalAnswers, keepAnswers, type AnswerKeeper } from '../../offline/local-answers';
import { enqueue, isPending, outboxItems, removeRefused, removeWaitingDrafts } from '../../offline/outbox';
import { kickDelivery } from '../../offline/OutboxStatus';
import { createSubmission, deleteDraft, loadColleagues, type Draft, type FillableForm, type FormVersionData } from './forms-api';
import { formTypeLabel } from './form-types';
import { releaseLocalPhotos, sendWithPhotos } from '../../forms/photos/pending';
import { PhotoOfflineError } from '../../forms/photos/upload';

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

/** Where the filler starts: what the member goes on with, newest first. */
interface Start {
  version: FormVersionData;
  answers: Answers;
  /** There is a draft to discard (on the hub, or waiting to send). */
  hasDraft: boolean;
  /** The draft is on the hub (Cancel deletes it there). */
  serverDraft: boolean;
  /** What the page says about where the answers came from. */
  note: { color: string; text: string; restored: boolean } | null;
  subtitle: string;
}

export const RESTORED_MESSAGE = 'Restored the answers you were filling in on this device.';

function startOf(data: FillData, form: FillableForm, primaryContactId: string | undefined): Start | null {
  const { draft, local, queued, online } = data;
  const hubDraft = draft && !isQueuedDraft(draft) ? draft : null;
  const queuedDraft = queued?.kind === 'draft' ? queued : null;
  const base = queuedDraft?.version ?? draft?.version ?? form.version;
  if (local) {
    // Online, the hub says which version is filled now: answers typed on another one move to it.
    const moved = online && base && base.id !== local.version.id;
    const version = moved ? base : local.version;
    const refusal = local.refusal ? ` The hub did not accept them when they were sent: ${local.refusal.replace(/[.!?]?$/, '.')}` : '';
    const change = moved
      ? ` The form has changed since (version ${local.version.version}); they are now on version ${base.version}: check them.`
      : '';
    return {
      version,
      answers: local.answers,
      hasDraft: !!draft || !!queuedDraft,
      serverDraft: !!hubDraft,
      note: { color: local.refusal ? 'red' : 'blue', text: `${RESTORED_MESSAGE}${refusal}${change}`, restored: true },
      subtitle: ' · answers kept on this device',
    };
  }
  if (queuedDraft)
    return {
      version: queuedDraft.version,
      answers: queuedDraft.answers,
      hasDraft: true,
      serverDraft: !!hubDraft,
      note: null,
      subtitle: ' · continuing your draft (waiting to send)',
    };
  if (queued?.kind === 'submit') {
    const version = form.version ?? queued.version;
    return {
      version,
      answers: newFormAnswers(version.definition, primaryContactId),
      hasDraft: false,
      serverDraft: false,
      note: { color: 'yellow', text: 'Your earlier submission of this form is waiting to send. This is a new one.', restored: false },
      subtitle: '',
    };
  }
  if (!base) return null;
  return {
    version: base,
    answers: draft ? draft.answers : newFormAnswers(base.definition, primaryContactId),
    hasDraft: !!draft,
    serverDraft: !!hubDraft,
    note: null,
    subtitle: draft ? ' · continuing your draft' : '',
  };
}

/**
 * /safety-form/{formId}: fills in the form's published version, or resumes the user's
 * draft (against the version it was started on). Submitting returns home.
 *
 * Offline (docs/offline.md): the form and the draft come from the device's copies; the
 * answers are kept on the device as they are typed and restored when the form is opened
 * again; Save draft and Submit without a connection go to the outbox.
 */
export function SafetyFormPage() {
  const { formId = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const me = useMe();
  const userId = me.data?.id;
  const data = useQuery({
    queryKey: ['fill', formId, userId],
    queryFn: () => loadFillData(userId, formId),
    gcTime: 0,
    retry: false,
    networkMode: 'always',
    enabled: !me.isPending,
  });
  const users = useQuery({
    queryKey: ['colleagues'],
    queryFn: () => withDeviceCopy(userId, 'colleagues', loadColleagues),
    staleTime: 300_000,
    networkMode: 'always',
    enabled: !me.isPending,
  });
  // A draft saved on this page (before attaching): Cancel now has a draft to discard.
  const [savedDraft, setSavedDraft] = useState<'hub' | 'queued' | null>(null);
  // The attachments panel's own save before an attach page or an upload: no draft toast for it.
  const silentSave = useRef(false);
  // Restored answers the member discarded: the filler starts again without them.
  const [restart, setRestart] = useState(0);

  const loaded = data.data;
  const form = loaded?.form ?? null;
  const start = loaded && form ? startOf(loaded, form, primaryContactOf(me.data)) : null;
  const keeper = useKeeper(userId, formId, start?.version ?? null);

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
  if (!form) {
    return (
      <Container size="md" py="md">
        <FetchError error={new Error('The form does not exist or is not available to you.')} />
      </Container>
    );
  }
  if (!start) {
    return (
      <Container size="md" py="md">
        <Alert color="yellow">There is no published version for this form.</Alert>
      </Container>
    );
  }
  const version = start.version;

  const refresh = () => client.invalidateQueries({ queryKey: ['forms-of-type'] });
  /** The answers are with the hub or in the outbox: the copy typed on this device goes. */
  const forgetTyped = () => keeper.forget();
  const queue = async (key: string, answers: Answers, complete: boolean) => {
    if (!userId) throw new Error('Sign in again to save this form');
    await enqueue({
      key,
      userId,
      formId,
      formName: form.name,
      formType: form.formType,
      version,
      answers,
      kind: complete ? 'submit' : 'draft',
    });
    await forgetTyped();
    // The device's copy of the hub's draft is now the one waiting (none once a submission goes).
    await cachePut(userId, draftKey(formId), complete ? null : ({ id: `queued:${key}`, answers, version } satisfies Draft));
    kickDelivery();
  };
  const save = async (answers: Answers, complete: boolean, stay = false) => {
    // One key per save: sent again (from the outbox) it finds the submission the first send made.
    const key = crypto.randomUUID();
    let queuedBehind = false;
    let queued = false;
    try {
      const waiting = userId ? (await outboxItems(userId).catch(() => [])).some(isPending) : false;
      if (silentSave.current && isOffline())
        throw new Error('Attaching documents and assets needs a connection: your answers are kept on this device.');
      if (userId && (isOffline() || waiting)) {
        // Offline, or other forms wait before this one: it goes behind them, in order.
        queuedBehind = waiting && !isOffline();
        await queue(key, answers, complete);
        queued = true;
      } else {
        try {
          // Photos still on the device (taken offline, or whose upload was cut off) are uploaded first;
          // photos the hub removed meanwhile (answers kept here for more than a day) go again from the device's copies.
          const { result: id, sent } = await sendWithPhotos(answers, userId ?? '', (a) => createSubmission(version.id, a, complete, key));
          // Leaving the form: the device's copies of those photos are no longer needed (the hub holds them with the save).
          if (complete || !silentSave.current) await releaseLocalPhotos(answers, userId);
          await forgetTyped();
          if (userId) await removeRefused(userId, formId).catch(() => {});
          // The device's copy of the draft names the photos as the hub has them.
          if (userId) await cachePut(userId, draftKey(formId), complete ? null : ({ id, answers: sent, version } satisfies Draft));
        } catch (err) {
          // No answer (the save's, or a photo upload's): the save waits in the outbox, its photos on the device.
          if (!userId || !(isNetworkError(err) || err instanceof PhotoOfflineError)) throw err;
          await queue(key, answers, complete);
          queued = true;
        }
      }
      if (!complete) setSavedDraft(queued ? 'queued' : 'hub');
    } catch (err) {
      notifications.show({ color: 'red', title: 'There was an error saving the form', message: (err as Error).message, autoClose: false });
      throw err;
    }
    await refresh();
    if (queued)
      notifications.show({
        color: 'yellow',
        message: queuedBehind
          ? `The ${complete ? 'form' : 'draft'} will be sent after the forms waiting before it.`
          : `You are offline: the ${complete ? 'form' : 'draft'} will be sent when you are back online.`,
      });
    if (complete) {
      if (!queued) notifications.show({ color: 'green', message: 'The form has been submitted successfully.' });
      // The actions the submission raised (the hub took them with it): said once, with how many.
      const raised = queued ? 0 : raisedActions(version.definition, answers).length;
      if (raised)
        notifications.show({ color: 'green', message: raised === 1 ? actionMessages.raised : `${actionMessages.raised} (${raised})` });
      void navigate('/home');
    } else {
      if (!silentSave.current && !queued) notifications.show({ color: 'yellow', message: 'The draft has been submitted successfully.' });
      // From the leave prompt the filler goes on to where the user was going.
      if (!stay) void navigate('/mesafety');
    }
  };
  const cancel = async () => {
    const onHub = start.serverDraft || savedDraft === 'hub';
    if (onHub || (start.hasDraft && !isOffline())) {
      try {
        await deleteDraft(formId);
      } catch (err) {
        notifications.show({
          color: 'red',
          message: isNetworkError(err)
            ? 'There was an error when discarding the form draft: you are offline. Try again when you are back online.'
            : 'There was an error when discarding the form draft',
        });
        return;
      }
    }
    await forgetTyped();
    if (userId) {
      await removeWaitingDrafts(userId, formId).catch(() => {});
      await cachePut(userId, draftKey(formId), null);
    }
    await refresh();
    void navigate('/mesafety');
  };
  const discardRestored = async () => {
    await forgetTyped();
    await data.refetch();
    setRestart((n) => n + 1);
  };

  return (
    <Container size="lg" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Crumbs items={[{ label: formTypeLabel(form.formType), to: `/user-submissions/${form.formType}` }]} endsAbove />
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }} mb={4}>
        {form.name}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        Version {version.version}
        {start.subtitle}
      </Text>
      {start.note && (
        <Alert color={start.note.color} mb="md" role="status">
          <Text size="sm">{start.note.text}</Text>
          {start.note.restored && (
            <Button variant="subtle" size="sm" mih={44} px={0} onClick={() => void discardRestored()}>
              Discard them and start again
            </Button>
          )}
        </Alert>
      )}
      <FormFiller
        key={`${version.id}-${loaded?.draft?.id ?? 'new'}-${restart}`}
        definition={version.definition}
        initialAnswers={start.answers}
        mode="fill"
        routePath={`/safety-form/${formId}`}
        users={users.data ?? []}
        hasSavedDraft={start.hasDraft || !!savedDraft}
        onAnswersChange={keeper.change}
        onDiscardChanges={() => void forgetTyped()}
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

/**
 * The keeper of the answers typed on this page (offline/local-answers.ts), for the version
 * being filled: a pending change is written when the page goes (unmount, pagehide).
 * `forget()`: the answers are with the hub or in the outbox, so the device's copy goes;
 * typing from then on is kept again (the page may stay open: a draft saved before attaching).
 */
function useKeeper(userId: string | undefined, formId: string, version: FormVersionData | null) {
  const ref = useRef<AnswerKeeper | null>(null);
  useEffect(() => {
    if (!userId || !version) return;
    ref.current = keepAnswers(userId, formId, version);
    return () => {
      const k = ref.current;
      ref.current = null;
      if (k) void k.flush().then(() => k.close());
    };
  }, [userId, formId, version]);
  return useMemo(
    () => ({
      change: (answers: Answers) => ref.current?.change(answers),
      async forget() {
        const k = ref.current;
        await k?.close();
        if (userId) await clearLocalAnswers(userId, formId);
        if (k && ref.current === k && userId && version) ref.current = keepAnswers(userId, formId, version);
      },
    }),
    [userId, formId, version],
  );
}
