import { Alert, Button, Center, Container, Group, Loader, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { getEntity } from '@hub/model';
import { IconDownload } from '@tabler/icons-react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { hasBackendAccess, useMe } from '../../app/session';
import { Crumbs } from '../../ui/Crumbs';
import { formatLocal } from '../../ui/dates';
import { typeKey, typeOf, useTemplate, useTemplateTypes } from '../documents/documents-api';
import { SelectableList, type ListColumn, type Row } from '../documents/SelectableList';
import { TilePanel } from '../records/TilePanel';
import { ScrollTabList } from '../records/ScrollTabList';

export const TEMPLATES_PATH = '/safety-template';
const templateEntity = getEntity('TemplateEntity');
const TITLE = 'Safety Template Library';

const fileOf = (row: Row) => row.templateUpload as { id: string; fileName: string } | null;

/** A template's file as an attachment download, or 'No File Attached'. */
function Download({ row, phone }: { row: Row; phone: boolean }) {
  const file = fileOf(row);
  if (!file)
    return (
      <Text size="sm" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
        No File Attached
      </Text>
    );
  return (
    <Button
      component="a"
      href={`/api/files/${file.id}?download=true`}
      download={file.fileName}
      size={phone ? 'sm' : 'xs'}
      mih={phone ? 44 : undefined}
      style={phone ? { flex: '1 1 auto' } : undefined}
      variant="subtle"
      leftSection={<IconDownload size={14} aria-hidden />}
      aria-label={`Download ${row.templateName as string}`}
    >
      Download
    </Button>
  );
}

const columns: ListColumn[] = [
  { key: 'name', label: 'Template Name', cell: (r) => r.templateName as string },
  { key: 'created', label: 'Date created', cell: (r) => formatLocal(r.created as string) },
];

/**
 * /safety-template/:tab? (member-site.md 2): the Safety Template Library, one tab per document
 * type (the tab key is the type's encoded name; the first tab when missing or unknown), each
 * template with its name, date created and download; chosen templates download together (Bulk
 * Download). Back-end holders first see a tile panel (member-site.md 6), one tile per type.
 */
export function TemplatesPage() {
  const { tab } = useParams();
  const [params] = useSearchParams();
  const me = useMe().data;
  const navigate = useNavigate();
  const types = useTemplateTypes();
  const backend = hasBackendAccess(me);
  const crumbs = [{ label: TITLE }];

  // A tile of the panel opens ?tab={key}: the tab's own address.
  const fromTile = params.get('tab');
  if (fromTile !== null) return <Navigate to={`${TEMPLATES_PATH}/${typeKey(fromTile)}`} replace />;

  if (types.isPending)
    return (
      <Container size="xl" py="md" px={{ base: 'xs', sm: 'md' }}>
        <Crumbs items={crumbs} />
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }} mb="sm">
          {TITLE}
        </Title>
        <Stack gap="xs" aria-busy>
          <Text>Loading templates...</Text>
          <Skeleton h={44} />
          <Skeleton h={44} />
        </Stack>
      </Container>
    );
  if (types.isError)
    return (
      <Container size="xl" py="md">
        <Alert color="red" title="Error Loading Templates">
          {(types.error as Error).message}
        </Alert>
      </Container>
    );
  const list = types.data;
  if (backend && tab === undefined && list.length > 0)
    return (
      <TilePanel
        entity={templateEntity}
        title={TITLE}
        crumbs={crumbs}
        tabs={list.map((t) => ({
          key: t.name,
          label: t.name,
          where: [[{ path: 'documentTypess.id', comparison: 'equal', value: [t.id] }]],
        }))}
        listPath={TEMPLATES_PATH}
      />
    );
  const type = typeOf(list, tab);
  return (
    <Container size="xl" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Crumbs items={type ? [{ label: TITLE, to: TEMPLATES_PATH }, { label: type.name }] : crumbs} />
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }} mb="sm">
        {TITLE}
      </Title>
      {!type ? (
        <Text>There are no templates yet.</Text>
      ) : (
        <>
          <Tabs
            value={type.id}
            onChange={(id) => {
              const next = list.find((t) => t.id === id);
              if (next) void navigate(`${TEMPLATES_PATH}/${typeKey(next.name)}`);
            }}
            mb="md"
            keepMounted={false}
          >
            <ScrollTabList label="Document types" selected={type.id}>
              {list.map((t) => (
                <Tabs.Tab key={t.id} value={t.id} mih={44}>
                  {t.name}
                </Tabs.Tab>
              ))}
            </ScrollTabList>
          </Tabs>
          <SelectableList
            key={type.id}
            entity={templateEntity}
            base={[[{ path: 'documentTypess.id', comparison: 'equal', value: [type.id] }]]}
            listKey={`${TEMPLATES_PATH}#${type.id}`}
            select="templateName templateUploadId templateUpload { id fileName } created"
            columns={columns}
            rowName={(r) => r.templateName as string}
            viewPath={(r) => `${TEMPLATES_PATH}/${typeKey(type.name)}/${type.id}/view/${r.id as string}`}
            rowActions={(r, phone) => <Download row={r} phone={phone} />}
            bulk={{ kind: 'templates', hasFile: (r) => !!fileOf(r) }}
            plural="templates"
            searchLabel={`Search ${type.name} templates`}
          />
        </>
      )}
    </Container>
  );
}

/** /safety-template/:type/:typeId/view/:id: a template's name, date created, document types and file. */
export function TemplateViewPage() {
  const { type, id } = useParams();
  const template = useTemplate(id);
  const back = type ? `${TEMPLATES_PATH}/${encodeURIComponent(type)}` : TEMPLATES_PATH;
  let typeName = type ?? '';
  try {
    typeName = decodeURIComponent(typeName);
  } catch {
    /* shown as given */
  }
  if (template.isPending)
    return (
      <Center py="xl">
        <Loader size="sm" mr="sm" aria-hidden />
        <Text>Loading Template...</Text>
      </Center>
    );
  const crumbs = [{ label: TITLE, to: TEMPLATES_PATH }, ...(type ? [{ label: typeName, to: back }] : [])];
  if (template.isError || !template.data)
    return (
      <Container size="md" py="md">
        <Crumbs items={crumbs} />
        <Alert color="red" title="Error Loading Template">
          {template.error instanceof Error ? template.error.message : 'The template does not exist'}
        </Alert>
      </Container>
    );
  const t = template.data;
  return (
    <Container size="md" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Crumbs items={[...crumbs, { label: t.templateName }]} />
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }} mb="md" style={{ overflowWrap: 'anywhere' }}>
        {t.templateName}
      </Title>
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mb="md">
          <div>
            <Text size="sm" fw={600}>
              Date created
            </Text>
            <Text size="sm">{formatLocal(t.created)}</Text>
          </div>
          <div>
            <Text size="sm" fw={600}>
              Document Types
            </Text>
            <Text size="sm">{(t.documentTypess ?? []).map((d) => d.name).join(', ') || 'None'}</Text>
          </div>
        </SimpleGrid>
        <Group>
          <Download row={t as unknown as Row} phone />
        </Group>
      </Paper>
      <Group mt="md">
        <Button component={Link} to={back} variant="default" mih={44}>
          Back
        </Button>
      </Group>
    </Container>
  );
}
