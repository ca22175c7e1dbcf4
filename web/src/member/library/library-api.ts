import { useQuery } from '@tanstack/react-query';
import type { DocumentsList, SafetySection } from '@hub/model/site';
import { api } from '../../client/api';

/** The safety link calls of the Safety area and the library (shapes: model/src/site.ts). */

/** GET /api/entity/SafetyLinkEntity/safety_list: the sections of the original Safety layout, with their links. */
export function useSafetyList(enabled = true) {
  return useQuery({
    queryKey: ['safety-list'],
    queryFn: () => api<SafetySection[]>('GET', '/api/entity/SafetyLinkEntity/safety_list'),
    enabled,
  });
}

/** GET /api/entity/SafetyLinkEntity/documents_list: the caller's library and the MEA Master Library. */
export function useDocumentsList() {
  return useQuery({
    queryKey: ['documents-list'],
    queryFn: () => api<DocumentsList>('GET', '/api/entity/SafetyLinkEntity/documents_list'),
  });
}
