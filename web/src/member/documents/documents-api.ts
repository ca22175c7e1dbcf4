import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphqlRequest } from '../../client/graphql';
import type { DocumentStatusKey } from './document-rules';

/** The GraphQL calls of the member document and template pages (member-site.md 7). */

export interface DocumentType {
  id: string;
  name: string;
  order: number | null;
  meaDocument: boolean | null;
  roless: { id: string; name: string }[] | null;
}

export interface StoredFileRef {
  id: string;
  fileName: string;
  size: number;
  contentType?: string | null;
}

export interface DocumentRecord {
  id: string;
  created: string;
  modified: string;
  documentName: string;
  status: DocumentStatusKey | null;
  documentLink: string | null;
  documentUploadId: string | null;
  documentUpload: StoredFileRef | null;
  commentBox: string | null;
  annualReview: boolean | null;
  documentTypess: { id: string; name: string; meaDocument: boolean | null }[] | null;
  /** The accounts linked to the document (its creator first, when the data has one). */
  mehubAccountss?: { id: string; firstname: string | null; surname: string | null; email: string }[] | null;
}

/** The address segment of a tab: the document type's name, encoded (member-site.md 2, Safety Template Library). */
export const typeKey = (name: string) => encodeURIComponent(name);

/** The type a tab segment names, else the first (missing or unknown keys open the first tab). */
export function typeOf<T extends { name: string }>(types: readonly T[], key: string | undefined): T | undefined {
  if (key !== undefined) {
    let name = key;
    try {
      name = decodeURIComponent(key);
    } catch {
      name = key;
    }
    const found = types.find((t) => t.name === name);
    if (found) return found;
  }
  return types[0];
}

/**
 * Document types ordered by order: organisation types (not meaDocument) or member-body types,
 * with their roles (which roles may read the member-body type's documents).
 */
export function useDocumentTypes(mea: boolean) {
  return useQuery({
    queryKey: ['document-types', mea],
    queryFn: () =>
      graphqlRequest<{ r: DocumentType[] }>(
        `query($c: [[WhereExpressionGraph!]!]) { r: documentTypesEntitys(conditions: $c, orderBy: [{path: "order"}, {path: "name"}]) { id name order meaDocument roless { id name } } }`,
        { c: [[{ path: 'meaDocument', comparison: mea ? 'equal' : 'notEqual', value: ['true'] }]] },
      ).then((d) => d.r),
    staleTime: 60_000,
  });
}

const DOCUMENT_SELECTION = `id created modified documentName status documentLink documentUploadId documentUpload { id fileName size contentType } commentBox annualReview documentTypess { id name meaDocument } mehubAccountss { id firstname surname email }`;

/** One document as the view screen shows it (null when it does not exist or is not the viewer's to see). */
export function useDocument(id: string | undefined) {
  return useQuery({
    queryKey: ['member-document', id],
    queryFn: () =>
      graphqlRequest<{ r: DocumentRecord | null }>(`query($id: ID!) { r: documentEntity(id: $id) { ${DOCUMENT_SELECTION} } }`, { id }).then(
        (d) => d.r,
      ),
    enabled: !!id,
    gcTime: 0,
  });
}

/** Approve, Make Active, Make Inactive: an update of the status; Remove: a delete. */
export function useDocumentStatus() {
  const client = useQueryClient();
  const done = () => {
    void client.invalidateQueries({ queryKey: ['list', 'DocumentEntity'] });
    void client.invalidateQueries({ queryKey: ['member-document'] });
    void client.invalidateQueries({ queryKey: ['documents-list'] });
  };
  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: string; status: DocumentStatusKey }) =>
      graphqlRequest(`mutation($m: [DocumentEntityInput!]!) { r: updateDocumentEntity(documentEntityModels: $m) { id status } }`, {
        m: [{ id, status }],
      }),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      graphqlRequest(`mutation($ids: [ID!]!) { r: deleteDocumentEntity(documentEntityIds: $ids) }`, { ids: [id] }),
    onSuccess: done,
  });
  return { setStatus, remove };
}

/** The organisation document types that have templates, by order: the Safety Template Library's tabs. */
export function useTemplateTypes() {
  return useQuery({
    queryKey: ['template-types'],
    queryFn: () =>
      graphqlRequest<{ r: DocumentType[] }>(
        `{ r: documentTypesEntitys(conditions: [[{path: "meaDocument", comparison: notEqual, value: ["true"]}]], has: [{path: "templatess"}], orderBy: [{path: "order"}, {path: "name"}]) { id name order meaDocument roless { id name } } }`,
      ).then((d) => d.r),
    staleTime: 60_000,
  });
}

export interface TemplateRecord {
  id: string;
  created: string;
  modified: string;
  templateName: string;
  templateUpload: StoredFileRef | null;
  documentTypess: { id: string; name: string }[] | null;
}

/** One template as its view shows it. */
export function useTemplate(id: string | undefined) {
  return useQuery({
    queryKey: ['member-template', id],
    queryFn: () =>
      graphqlRequest<{ r: TemplateRecord | null }>(
        `query($id: ID!) { r: templateEntity(id: $id) { id created modified templateName templateUpload { id fileName size contentType } documentTypess { id name } } }`,
        { id },
      ).then((d) => d.r),
    enabled: !!id,
  });
}

/** How many of the organisation's documents of a type have a status (the Pending tab's count); off when `enabled` is false. */
export function useDocumentCount(typeId: string | undefined, status: string, enabled: boolean) {
  return useQuery({
    queryKey: ['list', 'DocumentEntity', 'count', typeId, status],
    queryFn: () =>
      graphqlRequest<{ n: number }>(`query($c: [[WhereExpressionGraph!]!]) { n: countDocumentEntitys(conditions: $c) }`, {
        c: [
          [{ path: 'documentTypess.id', comparison: 'equal', value: [typeId] }],
          [{ path: 'status', comparison: 'equal', value: [status] }],
        ],
      }).then((d) => d.n),
    enabled: enabled && !!typeId,
  });
}
