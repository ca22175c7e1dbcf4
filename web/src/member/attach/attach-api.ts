import { api } from '../../client/api';
import { graphqlRequest } from '../../client/graphql';

/** The calls of the attach pages and the filler's attachments panel (member-site.md 2 and 7). */

/** The most documents or assets a form carries (the server's ATTACH_MAX): the pages list at most this many. */
export const ATTACH_MAX = 200;

export interface StoredFileRef {
  id: string;
  fileName: string;
  size: number;
  contentType: string | null;
}

export interface AttachableDocument {
  id: string;
  documentName: string;
  documentLink: string | null;
  documentUpload: StoredFileRef | null;
  documentTypess: { id: string; name: string }[];
}

export interface AttachableAsset {
  id: string;
  assetID: string | null;
  description: string;
  assetType: string | null;
}

export interface SubmissionAttachments {
  documents: AttachableDocument[];
  assets: AttachableAsset[];
  files: { id: string; attachment: StoredFileRef | null }[];
}

const DOCUMENT_FIELDS = 'id documentName documentLink documentUpload { id fileName size contentType } documentTypess { id name }';
const ASSET_FIELDS = 'id assetID description assetType';

export const attachDocuments = (formId: string, documents: string[]) =>
  api<{ submissionId: string }>('POST', '/api/entity/DocumentEntity/attachDocuments', { formId, documents });
export const attachAssets = (formId: string, assets: string[]) =>
  api<{ submissionId: string }>('POST', '/api/entity/AssetEntity/attachAssets', { formId, assets });

/** What hangs on one submission (a draft or a completed one): documents, assets and other files. */
export async function loadAttachments(submissionId: string): Promise<SubmissionAttachments> {
  const data = await graphqlRequest<{
    s: {
      documentss: AttachableDocument[] | null;
      assetss: AttachableAsset[] | null;
      additionalAttachmentss: SubmissionAttachments['files'] | null;
    } | null;
  }>(
    `query($id: ID!) { s: formSubmissionsEntity(id: $id) {
      documentss { ${DOCUMENT_FIELDS} } assetss { ${ASSET_FIELDS} }
      additionalAttachmentss { id attachment { id fileName size contentType } } } }`,
    { id: submissionId },
  );
  return { documents: data.s?.documentss ?? [], assets: data.s?.assetss ?? [], files: data.s?.additionalAttachmentss ?? [] };
}

/** The organisation's ACTIVE documents (never member-body ones), and the form's document types for the suggestions. */
export async function loadActiveDocuments(
  formId: string,
  organisationId: string,
): Promise<{ documents: AttachableDocument[]; formTypeIds: string[] }> {
  const data = await graphqlRequest<{ d: AttachableDocument[]; f: { documentTypess: { id: string }[] | null } | null }>(
    `query($c: [[WhereExpressionGraph!]!], $id: ID!, $take: Int) {
      d: documentEntitys(conditions: $c, take: $take, orderBy: [{ path: "documentName" }]) { ${DOCUMENT_FIELDS} }
      f: formsEntity(id: $id) { documentTypess { id } } }`,
    {
      id: formId,
      take: ATTACH_MAX,
      c: [
        [{ path: 'status', comparison: 'equal', value: ['ACTIVE'] }],
        [{ path: 'memberOrganisationId', comparison: 'equal', value: [organisationId] }],
      ],
    },
  );
  return { documents: data.d, formTypeIds: (data.f?.documentTypess ?? []).map((t) => t.id) };
}

/** The organisation's assets in service. */
export async function loadInServiceAssets(): Promise<AttachableAsset[]> {
  const data = await graphqlRequest<{ a: AttachableAsset[] }>(
    `query($c: [[WhereExpressionGraph!]!], $take: Int) {
      a: assetEntitys(conditions: $c, take: $take, orderBy: [{ path: "description" }]) { ${ASSET_FIELDS} } }`,
    { take: ATTACH_MAX, c: [[{ path: 'status', comparison: 'equal', value: ['IN_SERVICE'] }]] },
  );
  return data.a;
}

/** The documents suggested for a form: those with a type among the form's document types. */
export const suggestedDocuments = (documents: AttachableDocument[], formTypeIds: string[]) =>
  documents.filter((d) => d.documentTypess.some((t) => formTypeIds.includes(t.id)));
