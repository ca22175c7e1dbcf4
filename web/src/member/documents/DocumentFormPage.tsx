import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { getEntity } from '@hub/model';
import { useEffect, useRef } from 'react';
import { Navigate, useParams } from 'react-router';
import { FieldInput } from '../../admin/record/FieldInput';
import { useMe } from '../../app/session';
import { MemberRecordPage, type RecordController } from '../records/MemberRecordPage';
import { canEditDocument, documentNeedsApproval, pendingNotice, viewerOf } from './document-rules';
import { typeOf, useDocumentTypes, type DocumentType } from './documents-api';
import { DOCUMENTS_PATH } from './DocumentsPage';

const documentEntity = getEntity('DocumentEntity');

export const DOCUMENT_TEXTS = { saved: 'Successfully saved document', failed: 'Error saving document' };

type Chosen = { id: string; label?: string }[];

/** The document's file: a picked file, the stored one (with Remove file in edit), or none; 'No document or link was provided' under it. */
function FileField({ rec, mode }: { rec: RecordController; mode: 'create' | 'edit' }) {
  const field = documentEntity.fields.documentUpload;
  const current = rec.current ?? {};
  const stored = rec.loaded?.documentUpload as { fileName?: string } | null | undefined;
  const keepsStored = mode === 'edit' && !!current.documentUploadId && !(current.documentUpload instanceof File);
  return (
    <Stack gap={4}>
      <FieldInput
        name="documentUpload"
        field={field}
        value={current.documentUpload instanceof File ? current.documentUpload : null}
        record={keepsStored ? rec.loaded : null}
        mode={mode}
        error={rec.errorFor('documentUpload') ?? rec.errorFor('documentUploadId')}
        onChange={(v) => rec.set('documentUpload', v)}
        onBlur={() => rec.touch('documentUpload')}
      />
      {keepsStored && stored?.fileName && (
        <Group gap="xs">
          <Text size="sm">Current file: {stored.fileName}</Text>
          <Button size="compact-sm" variant="subtle" color="red" mih={44} onClick={() => rec.set('documentUploadId', null)}>
            Remove file
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The link: leaving it also checks the file-or-link rule (both, or neither). */
function LinkField({ rec, mode }: { rec: RecordController; mode: 'create' | 'edit' }) {
  return (
    <FieldInput
      name="documentLink"
      field={documentEntity.fields.documentLink}
      value={rec.current?.documentLink ?? ''}
      record={rec.loaded}
      mode={mode}
      error={rec.errorFor('documentLink')}
      onChange={(v) => rec.set('documentLink', v)}
      onBlur={() => {
        rec.touch('documentLink');
        rec.touch('documentUpload');
      }}
    />
  );
}

/** The organisation's document types (at least one), as checkboxes. */
function TypesField({ rec, types }: { rec: RecordController; types: DocumentType[] }) {
  const chosen = (rec.current?.documentTypess as Chosen | undefined) ?? [];
  return (
    <Checkbox.Group
      label="Document Types"
      withAsterisk
      value={chosen.map((c) => c.id)}
      onChange={(ids) =>
        rec.set(
          'documentTypess',
          ids.map((id) => ({ id, label: types.find((t) => t.id === id)?.name })),
        )
      }
      error={rec.errorFor('documentTypess')}
    >
      <Group gap="md" mt={4}>
        {types.map((t) => (
          <Checkbox key={t.id} value={t.id} label={t.name} styles={{ body: { alignItems: 'center', minHeight: 44 } }} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

/** Create: the tab's document type chosen once the types have loaded. */
function Preselect({ rec, type }: { rec: RecordController; type: DocumentType | undefined }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !type || !rec.current) return;
    done.current = true;
    if (!((rec.current.documentTypess as Chosen | undefined) ?? []).length) rec.set('documentTypess', [{ id: type.id, label: type.name }]);
  });
  return null;
}

/**
 * /my-documents/create (also {tab address}/create) and /my-documents/edit/:id: name, a file or a
 * link (never both, never neither: the model's messages, as the server's), comments, annual
 * review (on by default) and the document types (the tab's type chosen on create). A new
 * document of anyone but a SafetyManager waits for approval: the notice says so.
 */
export function DocumentFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { id, type: typeParam } = useParams();
  const viewer = viewerOf(useMe().data);
  const types = useDocumentTypes(false);
  const name = useRef('');
  const list = types.data ?? [];
  const tabType = mode === 'create' ? typeOf(list, typeParam) : undefined;
  // Edit only where saving would be allowed: anyone else sees the document instead.
  if (mode === 'edit' && id && !canEditDocument(viewer, false)) return <Navigate to={`${DOCUMENTS_PATH}/view/${id}`} replace />;

  return (
    <MemberRecordPage
      key={`${mode}:${id ?? ''}`}
      entity={documentEntity}
      mode={mode}
      id={id}
      listPath={DOCUMENTS_PATH}
      // A new document opens on its view, with its status (a worker's pending one is on no tab of theirs).
      savedPath={(saved) => (mode === 'create' ? `${DOCUMENTS_PATH}/view/${saved}` : null)}
      heading={(loaded) => (loaded?.documentName as string) ?? 'Document'}
      crumbs={(loaded) => [
        { label: 'Controlled Documents', to: DOCUMENTS_PATH },
        { label: mode === 'create' ? 'Create Document' : ((loaded?.documentName as string) ?? 'Edit') },
      ]}
      texts={DOCUMENT_TEXTS}
      onSaved={() => {
        if (mode === 'create' && documentNeedsApproval(viewer))
          // The spec's sentence alone (it starts with 'Document approval pending'), in the body's colour.
          notifications.show({
            color: 'yellow',
            message: pendingNotice(name.current),
            autoClose: 12_000,
            styles: { description: { color: 'var(--mantine-color-text)' } },
          });
      }}
      sections={[
        {
          legend: 'Document',
          fields: ['documentName'],
          render: (rec) => {
            name.current = String(rec.current?.documentName ?? '');
            return mode === 'create' ? <Preselect rec={rec} type={tabType} /> : null;
          },
        },
        {
          legend: 'File or link',
          render: (rec) => (
            <>
              <Text size="sm" c="gray.7">
                Upload a file or give a link to the document (one of them, not both).
              </Text>
              <FileField rec={rec} mode={mode} />
              <LinkField rec={rec} mode={mode} />
            </>
          ),
        },
        { legend: 'Details', fields: ['commentBox', 'annualReview'] },
        {
          legend: 'Document Types',
          render: (rec) =>
            types.isPending ? (
              <Text size="sm">Loading document types...</Text>
            ) : types.isError ? (
              <Text c="red.9" size="sm">
                The document types could not be loaded
              </Text>
            ) : (
              <TypesField rec={rec} types={list} />
            ),
        },
      ]}
    />
  );
}
