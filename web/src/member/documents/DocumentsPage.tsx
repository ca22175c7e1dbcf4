import { Alert, Badge, Button, Container, Group, Skeleton, Stack, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { getEntity } from '@hub/model';
import { IconPlus, IconTemplate } from '@tabler/icons-react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useMe } from '../../app/session';
import { WRAPPING_BUTTON } from '../../ui/buttons';
import { Crumbs } from '../../ui/Crumbs';
import { formatLocal } from '../../ui/dates';
import { canEditDocument, offersTemplates, statusTabOf, statusTabsFor, viewerOf, type DocumentStatusKey } from './document-rules';
import { typeKey, typeOf, useDocumentCount, useDocumentTypes, type DocumentType } from './documents-api';
import { SelectableList, type ListColumn, type Row } from './SelectableList';
import { ScrollTabList } from '../records/ScrollTabList';

export const DOCUMENTS_PATH = '/my-documents';
export const MEA_PATH = '/mea-documents';
const documentEntity = getEntity('DocumentEntity');

/** The GraphQL fields the document lists read. */
export const DOCUMENT_ROW = 'documentName status documentLink documentUploadId documentUpload { id fileName } annualReview created';

/** Outline colours with text of at least 7:1 on white (the licences' shades). */
const STATUS_COLOR: Record<DocumentStatusKey, string> = { PENDING: '#8a4600', ACTIVE: '#1b5e20', INACTIVE: 'gray.8' };
const STATUS_TEXT: Record<DocumentStatusKey, string> = { PENDING: 'Pending', ACTIVE: 'Active', INACTIVE: 'Inactive' };

/** A document's status as a badge with its word (never colour alone). */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const s = (status ?? 'ACTIVE') as DocumentStatusKey;
  return (
    <Badge color={STATUS_COLOR[s] ?? 'gray.8'} variant="outline" size="lg" style={{ flexShrink: 0 }}>
      {STATUS_TEXT[s] ?? s}
    </Badge>
  );
}

/** What a document carries: its file's name, or 'Link'. */
export function attachmentOf(row: Row): string {
  const file = row.documentUpload as { fileName?: string } | null;
  if (file?.fileName) return file.fileName;
  return row.documentLink ? 'Link' : 'No File Attached';
}

export const documentColumns: ListColumn[] = [
  { key: 'name', label: 'Document Name', cell: (r) => r.documentName as string },
  { key: 'attachment', label: 'File or link', cell: attachmentOf },
  { key: 'review', label: 'Annual Review', cell: (r) => (r.annualReview === false ? 'No' : 'Yes') },
  { key: 'created', label: 'Date created', cell: (r) => formatLocal(r.created as string) },
];

/** The page's tabs as path segments (type, status); 'create' of a tab address is /{type}/{status}/create. */
export function documentsPath(type: DocumentType, statusKey: string) {
  return `${DOCUMENTS_PATH}/${typeKey(type.name)}/${statusKey}`;
}

/**
 * /my-documents (Controlled Documents, member-site.md 2): a tab per organisation document type
 * (not meaDocument, by order) and the status tabs Pending / Active / Inactive (Active by default;
 * a SafetyWorker has only Active). 'New from safety templates' on the Active tab (not for a
 * SafetyWorker) and 'Create Document' at {current address}/create. Documents with a file can be
 * chosen for Bulk Download.
 */
export function DocumentsPage() {
  const { type: typeParam, status: statusParam } = useParams();
  const me = useMe().data;
  const viewer = viewerOf(me);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const types = useDocumentTypes(false);
  const status = statusTabOf(viewer, statusParam);
  const { tabs } = statusTabsFor(viewer);
  const type0 = types.data ? typeOf(types.data, typeParam) : undefined;
  // The Pending tab says how many wait for approval, so a manager finds them from any tab.
  const pending = useDocumentCount(
    type0?.id,
    'PENDING',
    tabs.some((t) => t.status === 'PENDING'),
  );

  const header = (
    <>
      <Crumbs items={[{ label: 'Controlled Documents' }]} />
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }} mb="sm">
        Controlled Documents
      </Title>
    </>
  );
  if (types.isPending)
    return (
      <Container size="xl" py="md" px={{ base: 'xs', sm: 'md' }}>
        {header}
        <Stack gap="xs" aria-busy>
          <Text>Loading documents...</Text>
          <Skeleton h={44} />
          <Skeleton h={44} />
        </Stack>
      </Container>
    );
  if (types.isError)
    return (
      <Container size="xl" py="md" px={{ base: 'xs', sm: 'md' }}>
        {header}
        <Alert color="red" title="Error Loading Document Types">
          {(types.error as Error).message}
        </Alert>
      </Container>
    );
  const type = typeOf(types.data, typeParam);
  if (!type)
    return (
      <Container size="xl" py="md" px={{ base: 'xs', sm: 'md' }}>
        {header}
        <Text>There are no document types yet.</Text>
      </Container>
    );
  // An address with a status this viewer does not have (a SafetyWorker's ?/pending) shows their tab.
  if (statusParam && statusParam.toLowerCase() !== status.key) return <Navigate to={documentsPath(type, status.key)} replace />;
  const base = pathname.replace(/\/+$/, '');

  return (
    <Container size="xl" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Crumbs items={[{ label: 'Controlled Documents' }]} />
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          Controlled Documents
        </Title>
        <Group gap="sm">
          {offersTemplates(viewer, status.status) && (
            <Button
              component={Link}
              to="/safety-template"
              variant="default"
              leftSection={<IconTemplate size={18} aria-hidden />}
              mih={44}
              classNames={WRAPPING_BUTTON}
            >
              New from safety templates
            </Button>
          )}
          <Button component={Link} to={`${base}/create`} leftSection={<IconPlus size={18} aria-hidden />} mih={44}>
            Create Document
          </Button>
        </Group>
      </Group>
      <Tabs
        value={type.id}
        onChange={(id) => {
          const next = types.data.find((t) => t.id === id);
          if (next) void navigate(documentsPath(next, status.key));
        }}
        mb="sm"
        keepMounted={false}
      >
        <ScrollTabList label="Document types" selected={type.id}>
          {types.data.map((t) => (
            <Tabs.Tab key={t.id} value={t.id} mih={44}>
              {t.name}
            </Tabs.Tab>
          ))}
        </ScrollTabList>
      </Tabs>
      <Tabs
        value={status.key}
        onChange={(key) => key && void navigate(documentsPath(type, key))}
        variant="pills"
        mb="md"
        keepMounted={false}
      >
        <Tabs.List aria-label="Document status">
          {tabs.map((t) => (
            <Tabs.Tab
              key={t.key}
              value={t.key}
              mih={44}
              rightSection={
                t.status === 'PENDING' && pending.data ? (
                  <Badge size="md" color="navy.9" variant="filled">
                    <VisuallyHidden>, </VisuallyHidden>
                    {pending.data}
                    <VisuallyHidden> waiting</VisuallyHidden>
                  </Badge>
                ) : undefined
              }
            >
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <SelectableList
        key={`${type.id}:${status.status}`}
        entity={documentEntity}
        base={[
          [{ path: 'documentTypess.id', comparison: 'equal', value: [type.id] }],
          [{ path: 'status', comparison: 'equal', value: [status.status] }],
        ]}
        listKey={`${DOCUMENTS_PATH}#${type.id}:${status.key}`}
        select={DOCUMENT_ROW}
        columns={documentColumns}
        rowName={(r) => r.documentName as string}
        viewPath={(r) => `${DOCUMENTS_PATH}/view/${r.id as string}`}
        editPath={(r) => (canEditDocument(viewer, false) ? `${DOCUMENTS_PATH}/edit/${r.id as string}` : null)}
        bulk={{ kind: 'documents', hasFile: (r) => !!r.documentUploadId }}
        plural="documents"
        searchLabel={`Search ${status.label.toLowerCase()} ${type.name} documents`}
      />
    </Container>
  );
}
