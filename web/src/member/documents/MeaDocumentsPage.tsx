import { Alert, Container, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { getEntity } from '@hub/model';
import { useNavigate, useParams } from 'react-router';
import { useMe, type Me } from '../../app/session';
import { Crumbs } from '../../ui/Crumbs';
import { viewerOf } from './document-rules';
import { typeKey, typeOf, useDocumentTypes, type DocumentType } from './documents-api';
import { DOCUMENT_ROW, documentColumns, MEA_PATH } from './DocumentsPage';
import { SelectableList } from './SelectableList';
import { ScrollTabList } from '../records/ScrollTabList';

const documentEntity = getEntity('DocumentEntity');

/** The member-body types this viewer may read: those whose roles include theirs (administrators: every one). */
export function meaTypesFor(types: readonly DocumentType[], me: Me | null | undefined): DocumentType[] {
  if (viewerOf(me).admin) return [...types];
  const role = me?.roleName;
  return types.filter((t) => !!role && (t.roless ?? []).some((r) => r.name === role));
}

/**
 * /mea-documents and /mea-documents/:type (member-site.md 2): the member body's documents,
 * read-only, one tab per member-body document type the viewer's role may access (by order);
 * each opens at /mea-documents/{type}/view/{id}, with no Edit and no actions.
 */
export function MeaDocumentsPage() {
  const { type: typeParam } = useParams();
  const me = useMe().data;
  const navigate = useNavigate();
  const all = useDocumentTypes(true);
  const types = meaTypesFor(all.data ?? [], me);
  const type = typeOf(types, typeParam);

  let body;
  if (all.isPending)
    body = (
      <Stack gap="xs" aria-busy>
        <Text>Loading MEA documents...</Text>
        <Skeleton h={44} />
        <Skeleton h={44} />
      </Stack>
    );
  else if (all.isError)
    body = (
      <Alert color="red" title="Error Loading Document Types">
        {(all.error as Error).message}
      </Alert>
    );
  else if (!type) body = <Text>There are no MEA documents for your role.</Text>;
  else
    body = (
      <>
        <Tabs
          value={type.id}
          onChange={(id) => {
            const next = types.find((t) => t.id === id);
            if (next) void navigate(`${MEA_PATH}/${typeKey(next.name)}`);
          }}
          mb="md"
          keepMounted={false}
        >
          <ScrollTabList label="Document types" selected={type.id}>
            {types.map((t) => (
              <Tabs.Tab key={t.id} value={t.id} mih={44}>
                {t.name}
              </Tabs.Tab>
            ))}
          </ScrollTabList>
        </Tabs>
        <SelectableList
          key={type.id}
          entity={documentEntity}
          base={[
            [{ path: 'documentTypess.id', comparison: 'equal', value: [type.id] }],
            [{ path: 'status', comparison: 'equal', value: ['ACTIVE'] }],
          ]}
          listKey={`${MEA_PATH}#${type.id}`}
          select={DOCUMENT_ROW}
          columns={documentColumns.filter((c) => c.key !== 'review')}
          rowName={(r) => r.documentName as string}
          viewPath={(r) => `${MEA_PATH}/${typeKey(type.name)}/view/${r.id as string}`}
          bulk={{ kind: 'documents', hasFile: (r) => !!r.documentUploadId }}
          plural="documents"
          searchLabel={`Search ${type.name}`}
        />
      </>
    );

  return (
    <Container size="xl" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Crumbs items={[{ label: 'MEA Documents' }]} />
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }} mb="sm">
        MEA Documents
      </Title>
      {body}
    </Container>
  );
}
