import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { enumLabel, FormType } from '@hub/model';
import {
  describeChange,
  diffDefinitions,
  locateQuestion,
  versionActions,
  type DefinitionChange,
  type FormDefinition,
  type FormVersions,
} from '@hub/model/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatLocal } from '../../ui/dates';
import {
  archiveVersion,
  definitionOf,
  designerPath,
  fetchFormVersions,
  promoteVersion,
  versionsKey,
  type FormWithVersions,
  type VersionRow,
} from './api';
import { StatusBadge } from './StatusBadge';
import classes from './Versions.module.css';

export const PROMOTE_FAILED = 'There was an error when promoting the form';
export const NO_DIFFERENCES = 'No differences';

/** The form's versions as the model's rules read them. */
const summaryOf = (form: FormWithVersions): FormVersions => ({
  publishedVersionId: form.publishedVersionId,
  formVersions: form.formVersions.map(short),
});
const short = ({ id, version, active }: VersionRow) => ({ id, version, active });

/** The slide a change belongs to, for grouping: by name, as the slide reads after the change. */
function slideOf(change: DefinitionChange, after: FormDefinition): string {
  switch (change.kind) {
    case 'slideAdded':
    case 'slideRemoved':
    case 'slideMoved':
    case 'questionAdded':
    case 'questionRemoved':
      return change.slide;
    case 'slideRenamed':
      return change.after;
    case 'questionMoved':
      return change.to;
    case 'questionChanged': {
      const at = locateQuestion(after, change.id);
      return at ? (after.slides[at.slide]?.name ?? 'Form') : 'Form';
    }
    case 'paginationChanged':
      return 'Form settings';
  }
}

/** A readable list of what changes from `before` to `after`, grouped by slide. */
export function Differences({ before, after }: { before: FormDefinition; after: FormDefinition }) {
  const groups = useMemo(() => {
    const bySlide = new Map<string, string[]>();
    for (const change of diffDefinitions(before, after)) {
      const slide = slideOf(change, after);
      bySlide.set(slide, [...(bySlide.get(slide) ?? []), describeChange(change)]);
    }
    return [...bySlide];
  }, [before, after]);
  if (!groups.length) return <Text c="gray.7">{NO_DIFFERENCES}</Text>;
  return (
    <Stack gap="sm" aria-live="polite">
      {groups.map(([slide, sentences]) => (
        <section key={slide} aria-label={`Changes on ${slide}`}>
          <Text fw={600}>{slide}</Text>
          <ul className={classes.changes}>
            {sentences.map((s, i) => (
              <li key={i}>{s}</li>
            ))}
          </ul>
        </section>
      ))}
    </Stack>
  );
}

/** The versions of one form (back-office 2.9): Status, archive and promote, and the differences between two versions. */
export default function VersionsPage() {
  const { id = '' } = useParams();
  const versions = useQuery({ queryKey: versionsKey(id), queryFn: () => fetchFormVersions(id), refetchOnMount: 'always' });

  const crumbs = (name: string) => (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separatorMargin={6}>
        <Anchor component={Link} to="/admin/forms" className={classes.crumb}>
          Forms Builder
        </Anchor>
        <Text size="sm" c="gray.7" aria-current="page">
          {name}
        </Text>
      </Breadcrumbs>
    </nav>
  );

  if (versions.isPending)
    return (
      <Stack gap="xs" aria-label="Loading Form Versions" aria-busy>
        <Skeleton height={32} width="40%" />
        <Skeleton height={200} />
      </Stack>
    );
  if (versions.isError || !versions.data)
    return (
      <Stack>
        {crumbs('Versions')}
        <Alert color="red" role="alert" title="Error Loading Form">
          {versions.error?.message ?? 'This form does not exist or you may not read it.'}
        </Alert>
      </Stack>
    );
  return <VersionsOf form={versions.data} crumbs={crumbs(versions.data.name)} />;
}

function VersionsOf({ form, crumbs }: { form: FormWithVersions; crumbs: React.ReactNode }) {
  const client = useQueryClient();
  const summary = summaryOf(form);
  const published = form.formVersions.find((v) => v.id === form.publishedVersionId) ?? null;
  const [archiving, setArchiving] = useState<VersionRow | null>(null);
  const [promoting, setPromoting] = useState<VersionRow | null>(null);
  const refresh = () =>
    client.invalidateQueries({ queryKey: versionsKey(form.id) }).then(() => client.invalidateQueries({ queryKey: ['forms-builder'] }));

  const archive = useMutation({
    mutationFn: (v: VersionRow) => archiveVersion(v.id),
    onSuccess: (_r, v) => {
      notifications.show({ color: 'green', message: `Version ${v.version} is archived` });
      setArchiving(null);
      return refresh();
    },
    onError: (err) => {
      setArchiving(null);
      notifications.show({ color: 'red', message: err.message, autoClose: false });
    },
  });
  const promote = useMutation({
    mutationFn: (v: VersionRow) => promoteVersion(form.id, v.id),
    onSuccess: (_r, v) => {
      notifications.show({ color: 'green', message: `Version ${v.version} is now the published version` });
      setPromoting(null);
      return refresh();
    },
    onError: (err) => {
      setPromoting(null);
      // The spec's words, then the server's reason (e.g. the version was archived meanwhile).
      notifications.show({ color: 'red', title: PROMOTE_FAILED, message: err.message, autoClose: false });
    },
  });

  return (
    <Stack gap="md">
      {crumbs}
      <div>
        <Title order={1} size="h2">
          {form.name}
        </Title>
        <Text c="gray.7">
          {enumLabel(FormType, form.formType)} · Versions
          {published ? ` · Published version ${published.version}` : ' · Not published'}
        </Text>
      </div>
      {form.formVersions.length === 0 ? (
        <Text>This form has no versions yet. Open it in the designer to build its first version.</Text>
      ) : (
        // A table from 768 px; below, each row is a card of its own (version, date, status, active, actions), no sideways scrolling.
        <div className={classes.scroll}>
          <Table striped highlightOnHover verticalSpacing="xs" className={classes.cards}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Version</Table.Th>
                <Table.Th scope="col">Date created</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Active</Table.Th>
                <Table.Th scope="col">Designer</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.formVersions.map((v) => {
                const actions = versionActions(summary, short(v));
                return (
                  <Table.Tr key={v.id} aria-label={`Version ${v.version}`}>
                    <Table.Td data-label="Version" className={classes.version}>
                      {v.version}
                    </Table.Td>
                    <Table.Td data-label="Date created" className={classes.nowrap}>
                      {formatLocal(v.created)}
                    </Table.Td>
                    <Table.Td data-label="Status" className={classes.nowrap}>
                      <StatusBadge status={v.status} />
                    </Table.Td>
                    <Table.Td data-label="Active">{v.active ? 'Active' : 'Archived'}</Table.Td>
                    <Table.Td data-label="Designer">
                      <Button component={Link} to={designerPath(form.id, v.id)} variant="light" size="sm" mih={44}>
                        Open in designer
                      </Button>
                    </Table.Td>
                    <Table.Td data-label="Actions">
                      {actions.archive || actions.promote ? (
                        <Group gap="xs" wrap="nowrap">
                          {actions.promote && (
                            <Button size="sm" mih={44} onClick={() => setPromoting(v)} aria-label={`Promote version ${v.version}`}>
                              Promote
                            </Button>
                          )}
                          {actions.archive && (
                            <Button
                              size="sm"
                              mih={44}
                              variant="default"
                              onClick={() => setArchiving(v)}
                              aria-label={`Archive version ${v.version}`}
                            >
                              Archive
                            </Button>
                          )}
                        </Group>
                      ) : (
                        <Text size="sm" c="gray.7">
                          No actions available
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {form.formVersions.length > 1 && <Compare form={form} />}

      <Modal opened={!!archiving} onClose={() => setArchiving(null)} title={`Archive version ${archiving?.version ?? ''}?`} centered>
        <Stack>
          <Text>An archived version is no longer offered for promotion. Submissions filled on it keep showing it.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setArchiving(null)}>
              Cancel
            </Button>
            <Button color="red" loading={archive.isPending} onClick={() => archiving && archive.mutate(archiving)}>
              Archive
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={!!promoting}
        onClose={() => setPromoting(null)}
        title={`Promote version ${promoting?.version ?? ''}?`}
        centered
        size="lg"
      >
        {promoting && (
          <Stack>
            <Text>
              Version {promoting.version} becomes the published version: members fill it in from now on.
              {published ? ` Compared with the published version ${published.version}, it changes:` : ''}
            </Text>
            {published && <Differences before={definitionOf(published.formData)} after={definitionOf(promoting.formData)} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPromoting(null)}>
                Cancel
              </Button>
              <Button loading={promote.isPending} onClick={() => promote.mutate(promoting)}>
                Promote
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

/** The differences between any two versions: by default the published one (else the one before the latest) and the latest. */
function Compare({ form }: { form: FormWithVersions }) {
  const rows = form.formVersions; // newest first
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const latest = rows[0];
  const published = rows.find((v) => v.id === form.publishedVersionId);
  const defaultFrom = published && published.id !== latest.id ? published : (rows[1] ?? latest);
  const before = rows.find((v) => v.id === from) ?? defaultFrom;
  const after = rows.find((v) => v.id === to) ?? latest;
  const options = rows.map((v) => ({ value: v.id, label: `Version ${v.version} (${v.status})` }));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="differences-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="differences-title">
          Differences between versions
        </Title>
        {/* One under the other on a phone, at full width so "Version 2 (Published version)" is read whole. */}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="From" data={options} value={before.id} onChange={setFrom} allowDeselect={false} />
          <Select label="To" data={options} value={after.id} onChange={setTo} allowDeselect={false} />
        </SimpleGrid>
        <Differences before={definitionOf(before.formData)} after={definitionOf(after.formData)} />
      </Stack>
    </Paper>
  );
}
