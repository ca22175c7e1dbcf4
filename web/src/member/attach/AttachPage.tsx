import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Checkbox,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  Tooltip,
  useMatches,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { hasRoleFact } from '@hub/model/roles';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useMe } from '../../app/session';
import { DataTable } from '../../admin/list/DataTable';
import { Crumbs } from '../../ui/Crumbs';
import { isNetworkError } from '../../client/connectivity';
import { OfflineNote, useHubQuery } from '../../offline/hub-only';
import { fetchDraft, loadForm } from '../forms/forms-api';
import {
  attachAssets,
  attachDocuments,
  loadActiveDocuments,
  loadAttachments,
  loadInServiceAssets,
  suggestedDocuments,
  type AttachableAsset,
  type AttachableDocument,
} from './attach-api';

export type AttachKind = 'documents' | 'assets';

const TEXTS = {
  documents: {
    title: 'Attach documents',
    offline: "You are offline. Documents can't be attached until you are back online.",
    ok: 'Successfully attached documents',
    failed: 'Failed to attach documents to the form',
  },
  assets: {
    title: 'Attach assets',
    offline: "You are offline. Assets can't be attached until you are back online.",
    ok: 'Successfully attached assets',
    failed: 'Failed to attach assets to the form',
  },
} as const;

/**
 * Where Finish, Done and Cancel return: the filler page (and slide) the user came from, when the
 * address says so and it is this form's; otherwise the form's first page (never another site).
 */
export function returnPath(formId: string, from: unknown): string {
  const base = `/safety-form/${formId}`;
  if (typeof from !== 'string') return base;
  const ok = from === base || (from.startsWith(`${base}/`) && !/\/active-(documents|assets)\/?$/.test(from) && !from.includes('//'));
  return ok ? from : base;
}

/**
 * /safety-form/{formId}/active-documents and /active-assets: pick the organisation's ACTIVE
 * documents (tabs 'Suggested documents', by the form's document types, and 'Active documents')
 * or assets in service for the user's draft of the form. The selection starts as what is
 * attached; 'Finish attaching' (Done on phones) makes it the set attached and goes back to the
 * filler, whose answers were saved as the draft before it came here. No export on these lists.
 */
export function AttachPage({ kind }: { kind: AttachKind }) {
  const { formId = '' } = useParams();
  const me = useMe().data;
  if (me && (!me.memberOrganisationId || hasRoleFact('limitedAttachToolbar', me.roleName))) return <Navigate to="/403" replace />;
  return <AttachList key={`${kind}-${formId}`} kind={kind} formId={formId} organisationId={me?.memberOrganisationId ?? ''} />;
}

function AttachList({ kind, formId, organisationId }: { kind: AttachKind; formId: string; organisationId: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const back = returnPath(formId, (location.state as { from?: unknown } | null)?.from);
  const texts = TEXTS[kind];
  // What only the hub has (useHubQuery): offline, the page says so instead of loading for ever,
  // keeps what it shows and the ticks, and loads by itself when the connection is back.
  const form = useHubQuery({ queryKey: ['fill-form', formId], queryFn: () => loadForm(formId), retry: false });
  const attached = useHubQuery({
    queryKey: ['attach-current', formId],
    queryFn: async () => {
      const draft = await fetchDraft(formId);
      return draft ? loadAttachments(draft.id) : { documents: [], assets: [], files: [] };
    },
    gcTime: 0,
    retry: false,
  });
  const documents = useHubQuery({
    queryKey: ['attach-documents', formId],
    queryFn: () => loadActiveDocuments(formId, organisationId),
    enabled: kind === 'documents' && !!organisationId,
    retry: false,
  });
  const assets = useHubQuery({ queryKey: ['attach-assets'], queryFn: loadInServiceAssets, enabled: kind === 'assets', retry: false });
  const offline = attached.offline || (kind === 'documents' ? documents.offline : assets.offline);
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const [saving, setSaving] = useState(false);
  const [chosenTab, setTab] = useState<string | null>(null);
  const phone = useMatches({ base: true, sm: false });
  const suggested = documents.data ? suggestedDocuments(documents.data.documents, documents.data.formTypeIds) : undefined;
  // A form that suggests nothing opens on its organisation's active documents.
  const tab = chosenTab ?? (suggested && suggested.length === 0 ? 'active' : 'suggested');

  const initial = new Set((kind === 'documents' ? attached.data?.documents : attached.data?.assets)?.map((r) => r.id) ?? []);
  const selected = picked ?? initial;
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setPicked(next);
  };

  const finish = async () => {
    setSaving(true);
    try {
      const ids = [...selected];
      if (kind === 'documents') await attachDocuments(formId, ids);
      else await attachAssets(formId, ids);
    } catch (err) {
      // The ticks stay: Finish again once the connection is back.
      const message = isNetworkError(err) ? texts.offline : (err as Error).message;
      notifications.show({ color: 'red', title: texts.failed, message, autoClose: false });
      setSaving(false);
      return;
    }
    notifications.show({ color: 'green', message: texts.ok });
    await client.invalidateQueries({ queryKey: ['fill', formId] });
    void navigate(back);
  };
  const cancel = () => void navigate(back);
  const ready = attached.isSuccess && !offline;
  const error = [attached.error, documents.error, assets.error].find((e) => e && !isNetworkError(e));
  const errorText = error ? { title: 'Error loading', text: error.message } : null;
  // Offline with nothing to show yet: the note says why, not a spinner.
  const waiting = (pending: boolean) => pending && !offline;

  return (
    <Container size="lg" py="md" px={{ base: 'xs', sm: 'md' }} pb={{ base: 96, sm: 'md' }}>
      <Crumbs items={[{ label: form.data?.name ?? 'Form', to: back }, { label: texts.title }]} />
      <Group justify="space-between" align="center" mb="md" wrap="wrap">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {texts.title}
        </Title>
        <Group gap="xs" visibleFrom="sm">
          <Button variant="default" mih={44} onClick={cancel} disabled={saving}>
            Cancel
          </Button>
          <Button mih={44} onClick={() => void finish()} loading={saving} disabled={!ready}>
            Finish attaching
          </Button>
        </Group>
      </Group>
      {offline && (
        <Box mb="sm">
          <OfflineNote>{texts.offline}</OfflineNote>
        </Box>
      )}
      <Text size="sm" c="gray.7" mb="sm" aria-live="polite">
        {selected.size} selected
      </Text>
      {kind === 'documents' ? (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="suggested" mih={44}>
              Suggested documents
            </Tabs.Tab>
            <Tabs.Tab value="active" mih={44}>
              Active documents
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="suggested">
            {suggested && suggested.length === 0 && !attached.isPending ? (
              <Alert color="gray" variant="light" title="No suggested documents for this form">
                <Text size="sm" mb="sm">
                  None of your active documents has one of this form&apos;s document types.
                </Text>
                <Button variant="default" mih={44} onClick={() => setTab('active')}>
                  Show active documents
                </Button>
              </Alert>
            ) : (
              <DocumentTable
                rows={suggested}
                pending={waiting(documents.isPending || attached.isPending)}
                error={errorText}
                selected={selected}
                toggle={toggle}
                phone={phone}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="active">
            <DocumentTable
              rows={documents.data?.documents}
              pending={waiting(documents.isPending || attached.isPending)}
              error={errorText}
              selected={selected}
              toggle={toggle}
              phone={phone}
            />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <AssetTable
          rows={assets.data}
          pending={waiting(assets.isPending || attached.isPending)}
          error={errorText}
          selected={selected}
          toggle={toggle}
          phone={phone}
        />
      )}
      <Box
        hiddenFrom="sm"
        pos="fixed"
        bottom={0}
        left={0}
        right={0}
        p="sm"
        bg="white"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 100 }}
      >
        <Group grow>
          <Button variant="default" mih={44} onClick={cancel} disabled={saving}>
            Cancel
          </Button>
          <Button mih={44} onClick={() => void finish()} loading={saving} disabled={!ready}>
            Done
          </Button>
        </Group>
      </Box>
    </Container>
  );
}

interface TableProps<R> {
  rows: R[] | undefined;
  pending: boolean;
  error: { title: string; text: string } | null;
  selected: Set<string>;
  toggle(id: string): void;
  /** Cards with a 44 px tick area instead of the table. */
  phone: boolean;
}

/**
 * The phone layout of an attach list: a card per row whose whole first line (the checkbox and the
 * row's name) ticks it, at least 44 px tall; details and the download under it.
 */
function PickCards<R extends { id: string }>(props: {
  label: string;
  rows: R[] | undefined;
  pending: boolean;
  error: { title: string; text: string } | null;
  selected: Set<string>;
  toggle(id: string): void;
  name(row: R): string;
  detail(row: R): ReactNode;
  action?(row: R): ReactNode;
}) {
  const { rows, selected, toggle } = props;
  if (props.error)
    return (
      <Alert color="red" title={props.error.title}>
        An unexpected error occurred: {props.error.text}
      </Alert>
    );
  if (props.pending)
    return (
      <Group aria-busy>
        <Loader size="sm" aria-hidden />
        <Text>Loading {props.label}...</Text>
      </Group>
    );
  if (!rows) return null;
  if (!rows.length)
    return (
      <Text ta="center" py="lg" c="dimmed">
        No results found
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={props.label}>
      {rows.map((row) => (
        <Paper
          component="li"
          key={row.id}
          withBorder
          radius="md"
          px="sm"
          py={4}
          bg={selected.has(row.id) ? 'var(--mantine-primary-color-light)' : undefined}
        >
          <Group gap="xs" wrap="nowrap" align="center">
            <Checkbox
              aria-label={`Attach ${props.name(row)}`}
              checked={selected.has(row.id)}
              onChange={() => toggle(row.id)}
              size="md"
              label={props.name(row)}
              description={props.detail(row)}
              style={{ flex: 1 }}
              styles={{
                body: { minHeight: 44, alignItems: 'center' },
                labelWrapper: { flex: 1 },
                label: { cursor: 'pointer', fontWeight: 600, overflowWrap: 'anywhere', paddingBlock: 10 },
                description: { color: 'var(--mantine-color-gray-7)', overflowWrap: 'anywhere' },
              }}
            />
            {props.action?.(row)}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

const pickCell = (id: string, name: string, selected: Set<string>, toggle: (id: string) => void) => (
  <Table.Td w={56}>
    <Checkbox
      aria-label={`Attach ${name}`}
      checked={selected.has(id)}
      onChange={() => toggle(id)}
      styles={{ body: { minHeight: 44, alignItems: 'center' } }}
    />
  </Table.Td>
);

function DocumentTable({ rows, pending, error, selected, toggle, phone }: TableProps<AttachableDocument>) {
  if (phone)
    return (
      <PickCards
        label="documents"
        rows={rows}
        pending={pending}
        error={error}
        selected={selected}
        toggle={toggle}
        name={(d) => d.documentName}
        detail={(d) => d.documentTypess.map((t) => t.name).join(', ') || 'No document type'}
        action={(d) => <DocumentDownload document={d} />}
      />
    );
  return (
    <DataTable
      label="documents"
      minWidth={320}
      columns={[
        { key: 'pick', ariaLabel: 'Attach', width: 56 },
        { key: 'name', header: 'Document Name' },
        { key: 'types', header: 'Document Types' },
        { key: 'download', ariaLabel: 'Download', width: 64 },
      ]}
      rows={pending ? undefined : rows}
      isPending={pending && !error}
      error={error}
      rowKey={(d) => d.id}
      highlightOnHover
      cells={(d) => (
        <>
          {pickCell(d.id, d.documentName, selected, toggle)}
          <Table.Td>{d.documentName}</Table.Td>
          <Table.Td>{d.documentTypess.map((t) => t.name).join(', ') || 'None'}</Table.Td>
          <Table.Td>
            <DocumentDownload document={d} />
          </Table.Td>
        </>
      )}
    />
  );
}

/** A document's file (downloaded as an attachment) or its link (opened in a new tab). */
export function DocumentDownload({ document: d }: { document: AttachableDocument }) {
  if (d.documentUpload)
    return (
      <Tooltip label={`Download ${d.documentUpload.fileName}`}>
        <ActionIcon
          component="a"
          href={`/api/files/${d.documentUpload.id}?download=true`}
          variant="subtle"
          size={44}
          aria-label={`Download ${d.documentName}`}
        >
          <IconDownload size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    );
  if (d.documentLink && /^https?:\/\//i.test(d.documentLink))
    return (
      <Tooltip label="Open link">
        <ActionIcon
          component="a"
          href={d.documentLink}
          target="_blank"
          rel="noopener noreferrer"
          variant="subtle"
          size={44}
          aria-label={`Open ${d.documentName}`}
        >
          <IconExternalLink size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    );
  return (
    <Text size="xs" c="dimmed">
      No File Attached
    </Text>
  );
}

function AssetTable({ rows, pending, error, selected, toggle, phone }: TableProps<AttachableAsset>) {
  if (phone)
    return (
      <PickCards
        label="assets"
        rows={rows}
        pending={pending}
        error={error}
        selected={selected}
        toggle={toggle}
        name={(a) => a.description}
        detail={(a) => (a.assetID ? `Asset ID ${a.assetID}` : 'No asset ID')}
      />
    );
  return (
    <DataTable
      label="assets"
      minWidth={320}
      columns={[
        { key: 'pick', ariaLabel: 'Attach', width: 56 },
        { key: 'assetID', header: 'Asset ID' },
        { key: 'description', header: 'Asset Name/Description' },
      ]}
      rows={pending ? undefined : rows}
      isPending={pending && !error}
      error={error}
      rowKey={(a) => a.id}
      highlightOnHover
      cells={(a) => (
        <>
          {pickCell(a.id, a.description, selected, toggle)}
          <Table.Td>{a.assetID ?? ''}</Table.Td>
          <Table.Td>{a.description}</Table.Td>
        </>
      )}
    />
  );
}
