import { getEntity } from '@hub/model';
import {
  SEARCH_LINK_TYPES,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  type DocumentsList,
  type LibraryLink,
  type SafetySection,
  type SearchLink,
  type SearchLinkType,
} from '@hub/model/site';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requirePerson, signedInCaller } from '../access/guards';
import type { Caller } from '../access/caller';
import { BadInputError } from '../core/errors';
import { listRecords } from '../crud/list';
import { safetySections, searchLinks } from '../crud/search';
import type { Db } from '../db/client';
import { safeHref } from './links';

export const readingMessages = {
  badPrecedent: `precedentType must be one of ${SEARCH_LINK_TYPES.join(', ')}`,
  termTooLong: `searchTerm must be at most ${SEARCH_MAX_LENGTH} characters`,
  noOrganisation: 'documents_list: the caller belongs to no member organisation, so both libraries are empty',
} as const;

interface SearchQuery {
  searchTerm?: unknown;
  precedentType?: unknown;
}

function searchArgs(req: FastifyRequest<{ Querystring: SearchQuery }>): { term: string; precedent: SearchLinkType | null } {
  const { searchTerm, precedentType } = req.query;
  const term = typeof searchTerm === 'string' ? searchTerm.trim() : '';
  if (term.length > SEARCH_MAX_LENGTH) throw new BadInputError(readingMessages.termTooLong);
  if (precedentType === undefined || precedentType === '') return { term, precedent: null };
  if (typeof precedentType !== 'string' || !(SEARCH_LINK_TYPES as readonly string[]).includes(precedentType))
    throw new BadInputError(readingMessages.badPrecedent);
  return { term, precedent: precedentType as SearchLinkType };
}

interface DocumentRow {
  id: string;
  documentName: string | null;
  documentLink: string | null;
  documentUploadId: string | null;
}

const libraryLink = (d: DocumentRow): LibraryLink => ({
  id: d.id,
  name: d.documentName ?? '',
  view: safeHref(d.documentLink) ?? (d.documentUploadId ? `/api/files/${d.documentUploadId}` : null),
});

/** One library: documents through the DocumentEntity read scope of the caller (no filter of our own on the organisation). */
async function library(db: Db, caller: Caller, where: Parameters<typeof listRecords>[3]['where']): Promise<LibraryLink[]> {
  const rows = (await listRecords(
    db,
    caller,
    getEntity('DocumentEntity'),
    { where, orderBy: [{ path: 'documentName' }] },
    { id: true, documentName: true, documentLink: true, documentUploadId: true },
  )) as DocumentRow[];
  return rows.map(libraryLink);
}

/**
 * The Safety area's reading calls (member-site.md sections 2 and 7): the global search, the
 * safety link sections and the two libraries. Signed-in people only (a visitor gets 401).
 */
export function readingRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Querystring: SearchQuery }>(
    '/api/entity/safetylinkentity/search_link_list',
    { preHandler: requirePerson },
    async (req): Promise<SearchLink[]> => {
      const caller = signedInCaller(req);
      const { term, precedent } = searchArgs(req);
      if ([...term].length < SEARCH_MIN_LENGTH) return [];
      const rows = await searchLinks(db, caller, term, precedent);
      return rows.map((r) => ({
        id: r.id,
        type: r.type,
        sectionName: r.sectionName,
        name: r.name ?? '',
        header: r.header,
        create: safeHref(r.create),
        view: safeHref(r.view),
      }));
    },
  );

  app.get('/api/entity/SafetyLinkEntity/safety_list', { preHandler: requirePerson }, async (req): Promise<SafetySection[]> => {
    const sections = await safetySections(db, signedInCaller(req));
    return sections.map((s) => ({
      id: s.id,
      name: s.name,
      tooltip: s.tooltip,
      order: s.order,
      links: s.links.map((l) => ({ id: l.id, name: l.name ?? '', create: safeHref(l.create), view: safeHref(l.view), order: l.order })),
    }));
  });

  app.get('/api/entity/SafetyLinkEntity/documents_list', { preHandler: requirePerson }, async (req): Promise<DocumentsList> => {
    const caller = signedInCaller(req);
    if (!caller.organisationId) {
      req.log.info({ userId: caller.userId }, readingMessages.noOrganisation);
      return { userLibrary: [], masterLibrary: [] };
    }
    const [userLibrary, masterLibrary] = await Promise.all([
      // The organisation's documents: the scope keeps them to the caller's own organisation.
      library(db, caller, [
        { path: 'memberOrganisationId', comparison: 'notEqual', value: [null] },
        { path: 'status', comparison: 'equal', value: ['ACTIVE'] },
      ]),
      // Member-body (active) documents: the scope keeps them to the types the caller's role may access.
      library(db, caller, [
        { path: 'memberOrganisationId', comparison: 'equal', value: [null] },
        { path: 'status', comparison: 'equal', value: ['ACTIVE'] },
      ]),
    ]);
    return { userLibrary, masterLibrary };
  });
}
