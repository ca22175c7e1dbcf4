import { Accordion, ActionIcon, Alert, Badge, Button, Flex, Group, Menu, Modal, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FormType } from '@hub/model';
import { hasDraft } from '@hub/model/forms';
import { IconDotsVertical, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatLocal } from '../../ui/dates';
import {
  designerPath,
  discardDraft,
  fetchForms,
  FORM_TABS,
  formsKey,
  lastModified,
  setFormActive,
  type FormTab,
  type FormTileData,
} from './api';
import classes from './FormsBuilder.module.css';
import { StatusBadge } from './StatusBadge';

export const NO_FORMS = 'No forms are currently available.';
export const DISCARD_FAILED = 'There was an error when discarding the form draft';
/** What a tile's button does: its description (its name is the tile's words, beginning with the form's name). */
export const OPEN_HINT = 'Open in the designer';
/** A long button label wraps on a phone instead of being cut off. */
const WRAP = { label: { whiteSpace: 'normal', textAlign: 'center' } } as const;
const NEW_FORM = `/admin/formsentity/create?redirect=${encodeURIComponent('/admin/forms/build/formsentity/{id}')}`;

/** The tab of the URL; an unknown or missing one falls back to the first (back-office 2.1). */
export function tabOf(param: string | undefined): FormTab {
  return FORM_TABS.find((t) => t.value === param)?.value ?? FORM_TABS[0].value;
}

/** Forms Builder (back-office 2.7): the forms by type as tiles, active and inactive on two tabs. */
export function FormsBuilderPage() {
  const tab = tabOf(useParams().tab);
  const navigate = useNavigate();
  const active = FORM_TABS.find((t) => t.value === tab)!.active;
  const forms = useQuery({ queryKey: formsKey(tab), queryFn: () => fetchForms(active), refetchOnMount: 'always' });
  const [drafted, setDrafted] = useState<FormTileData | null>(null);

  const open = (form: FormTileData) => {
    if (hasDraft(form)) setDrafted(form);
    else void navigate(designerPath(form.id));
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Forms Builder
        </Title>
        <Button component={Link} to={NEW_FORM} leftSection={<IconPlus size={18} aria-hidden />} color="safety.9">
          New Form
        </Button>
      </Group>
      <Tabs value={tab} onChange={(t) => t && void navigate(`/admin/forms/${t}`)} keepMounted={false}>
        <Tabs.List>
          {FORM_TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} className={classes.tab}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {forms.isPending ? (
        <Stack gap="xs" aria-label="Loading Forms" aria-busy>
          {Object.keys(FormType.values).map((k) => (
            <Skeleton key={k} height={48} />
          ))}
        </Stack>
      ) : forms.isError ? (
        <Alert color="red" role="alert">
          Something went wrong while connecting to the server. The error is {forms.error.message}
        </Alert>
      ) : (
        <FormTypes forms={forms.data} onOpen={open} />
      )}
      <DraftPrompt form={drafted} onClose={() => setDrafted(null)} />
    </Stack>
  );
}

/** One accordion per form type, in the spec's order, each open. */
function FormTypes({ forms, onOpen }: { forms: FormTileData[]; onOpen(form: FormTileData): void }) {
  const types = Object.entries(FormType.values) as [string, string][];
  return (
    <Accordion multiple defaultValue={types.map(([k]) => k)} variant="separated">
      {types.map(([key, label]) => {
        const own = forms.filter((f) => f.formType === key);
        return (
          <Accordion.Item key={key} value={key}>
            <Accordion.Control className={classes.control}>
              <Group gap="xs">
                <Text fw={600}>{label}</Text>
                <Badge variant="light" color="gray" aria-label={`${own.length} forms`}>
                  {own.length}
                </Badge>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              {own.length === 0 ? (
                <Text c="dimmed">{NO_FORMS}</Text>
              ) : (
                <ul className={classes.tiles} aria-label={`${label} forms`}>
                  {own.map((f) => (
                    <li key={f.id}>
                      <FormTile form={f} onOpen={onOpen} />
                    </li>
                  ))}
                </ul>
              )}
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}

function FormTile({ form, onOpen }: { form: FormTileData; onOpen(form: FormTileData): void }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const hint = useId();
  const [confirming, setConfirming] = useState(false);
  const assigned = form.memberOrganisationss ?? [];
  const toggle = useMutation({
    mutationFn: () => setFormActive(form.id, !form.isActive),
    onSuccess: () => {
      setConfirming(false);
      notifications.show({ color: 'green', message: `${form.name} is now ${form.isActive ? 'inactive' : 'active'}` });
      return client.invalidateQueries({ queryKey: ['forms-builder'] });
    },
    onError: (err) => {
      setConfirming(false);
      notifications.show({ color: 'red', message: err.message, autoClose: false });
    },
  });
  // Making a form inactive removes its organisation assignments (back-office 4), which making it
  // active again does not bring back: asked first when there are any.
  const onToggle = () => (form.isActive && assigned.length > 0 ? setConfirming(true) : toggle.mutate());
  // The tile's words name its button (its accessible name begins with the form's name, as seen); what it does is its description.
  const body = (
    <>
      <Text component="span" fw={600} display="block" className={classes.name}>
        {form.name}
      </Text>{' '}
      <span className={classes.meta}>
        <StatusBadge status={form.status} />{' '}
        <Text component="span" size="sm" c="gray.7">
          {form.publishedVersion ? `Published version ${form.publishedVersion.version}` : 'Not published'}
        </Text>
      </span>{' '}
      <Text component="span" size="sm" c="gray.7" display="block" mt={4}>
        Last modified {formatLocal(lastModified(form))}
      </Text>
    </>
  );
  return (
    <div className={classes.tile} data-inactive={!form.isActive || undefined}>
      {form.isActive ? (
        <button type="button" className={classes.open} onClick={() => onOpen(form)} aria-describedby={hint}>
          {body}
          <span id={hint} hidden>
            {OPEN_HINT}
          </span>
        </button>
      ) : (
        <div className={classes.open}>{body}</div>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" size={44} aria-label={`Actions for ${form.name}`} loading={toggle.isPending}>
            <IconDotsVertical size={20} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={onToggle}>{form.isActive ? 'Make inactive' : 'Make active'}</Menu.Item>
          <Menu.Item onClick={() => void navigate(`/admin/forms/versions/${form.id}`)}>Versions</Menu.Item>
          <Menu.Item onClick={() => void navigate(designerPath(form.id))}>Open in designer</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Make ${form.name} inactive?`}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          <Text>{inactiveWarning(form.name, assigned)}</Text>
          <Flex direction={{ base: 'column', xs: 'row' }} justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={toggle.isPending}>
              Cancel
            </Button>
            <Button color="red" loading={toggle.isPending} onClick={() => toggle.mutate()}>
              Make inactive
            </Button>
          </Flex>
        </Stack>
      </Modal>
    </div>
  );
}

/** What Make inactive will do to a form's organisation assignments, in words. */
export function inactiveWarning(name: string, assigned: { name: string | null }[]): string {
  const names = assigned.map((o) => o.name ?? 'an unnamed organisation').sort((a, b) => a.localeCompare(b));
  const listed = names.length <= 3 ? names : [...names.slice(0, 3), `${names.length - 3} more`];
  const list = listed.length === 1 ? listed[0] : `${listed.slice(0, -1).join(', ')} and ${listed.at(-1)}`;
  return `${name} is assigned to ${assigned.length === 1 ? 'one organisation' : `${assigned.length} organisations`} (${list}). Making it inactive removes ${assigned.length === 1 ? 'this assignment' : 'these assignments'}: its members no longer see it, and making it active again does not assign it again.`;
}

/** "version 2", "versions 2 and 3", "versions 2, 3 and 4". */
function versionList(versions: number[]): string {
  if (versions.length === 1) return `version ${versions[0]}`;
  return `versions ${versions.slice(0, -1).join(', ')} and ${versions.at(-1)}`;
}

/** The draft versions of a form: newer than its published version, or all of them when none is published. */
function draftsOf(form: FormTileData) {
  const published = form.publishedVersion;
  return form.formVersions.filter((v) => !published || v.version > published.version).sort((a, b) => a.version - b.version);
}

/**
 * What the draft prompt's two buttons will do to this form, in words (server discardDraft: the draft
 * versions are deleted, except those with submissions filled in on them; the designer then opens the
 * published version, else the newest version left, else a new, empty version 1).
 */
export function draftPromptText(form: FormTileData): string {
  const published = form.publishedVersion;
  const drafts = draftsOf(form);
  const kept = drafts.filter((v) => v.inUse === true).map((v) => v.version);
  const deleted = drafts.filter((v) => v.inUse !== true).map((v) => v.version);
  const newest = drafts.at(-1)?.version;
  const intro = published
    ? `${form.name} has changes that are not published yet (${versionList(drafts.map((v) => v.version))}, newer than the published version ${published.version}).`
    : `${form.name} has never been published: ${drafts.length === 1 ? 'its only version is a draft' : `all its ${drafts.length} versions are drafts`}.`;
  const continuing = `Continue editing opens version ${newest}.`;
  if (deleted.length === 0) {
    return `${intro} ${continuing} Discarding deletes nothing: ${versionList(kept)} ${kept.length === 1 ? 'has' : 'have'} submissions filled in on ${kept.length === 1 ? 'it' : 'them'}.`;
  }
  const keeping = kept.length ? `, keeps ${versionList(kept)} (submissions were filled in on ${kept.length === 1 ? 'it' : 'them'})` : '';
  const then = published
    ? `the published version ${published.version}`
    : kept.length
      ? `version ${Math.max(...kept)}`
      : 'a new, empty version 1';
  return `${intro} ${continuing} Discard and start from scratch deletes ${versionList(deleted)}${keeping}, then the designer opens ${then}.`;
}

/** back-office 4, draft prompt: continue with the draft, or discard it and then open the designer. */
function DraftPrompt({ form, onClose }: { form: FormTileData | null; onClose(): void }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const discard = useMutation({
    mutationFn: (id: string) => discardDraft(id),
    onSuccess: (_r, id) => {
      void client.invalidateQueries({ queryKey: ['forms-builder'] });
      onClose();
      void navigate(designerPath(id));
    },
    onError: (err) => {
      onClose();
      notifications.show({ color: 'red', title: DISCARD_FAILED, message: err.message, autoClose: false });
    },
  });
  return (
    <Modal
      opened={!!form}
      onClose={onClose}
      title="A draft of this form already exists"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text>{form && draftPromptText(form)}</Text>
        <Flex direction={{ base: 'column', xs: 'row' }} justify="flex-end" gap="sm">
          <Button
            variant="default"
            h="auto"
            mih={44}
            py={8}
            styles={WRAP}
            loading={discard.isPending}
            onClick={() => form && discard.mutate(form.id)}
          >
            Discard and start from scratch
          </Button>
          <Button onClick={() => form && void navigate(designerPath(form.id, draftsOf(form).at(-1)?.id))} disabled={discard.isPending}>
            Continue editing
          </Button>
        </Flex>
      </Stack>
    </Modal>
  );
}
