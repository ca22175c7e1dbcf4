import { getEntity } from '@hub/model';
import { SEARCH_LINK_TYPES, SEARCH_RESULT_LIMIT, type SearchLinkType } from '@hub/model/site';
import type { Caller } from '../access/caller';
import { readableSql } from '../access/fields';
import { allowed, assertAllowed } from '../access/rules';
import { scopeSql } from '../access/scope';
import type { Db } from '../db/client';
import { translateDbError } from '../db/db-errors';
import { Params } from '../db/params';

/**
 * The member site's reading of safety links, standards and guidance notes (member-site.md
 * section 2): the global search and the safety link sections. Full-text search in PostgreSQL
 * (PGlite and pg alike) over stored, GIN-indexed vectors (migrations 0006 and 0008).
 */

/**
 * The stored vectors the search matches and ranks (generated columns of migration 0008, GIN
 * indexed): a safety link's name (weight A); a standard's or guidance note's name (A), header (B)
 * and description (C), in the 'simple' configuration (no stemming, any language).
 */
const VECTOR = (a: string) => `${a}.search_vector`;

/**
 * The most matching rows of one table that are ranked. A broad prefix ('in' at 100,000 safety
 * links matches thousands, nearly all of the same rank) is then ranked among the first
 * SEARCH_CANDIDATES matches found rather than all of them, which keeps a search within its
 * latency budget (docs/benchmarks.md); a term with fewer matches is ranked exactly.
 */
export const SEARCH_CANDIDATES = 1000;

/** Words of a term that take part in a search (the rest is ignored), and the longest word kept. */
const MAX_WORDS = 8;
const MAX_WORD = 64;

/**
 * The tsquery text of a search term: each word (letters and digits only, lower case) as a
 * prefix `word:*`, all of them required. Every other character (tsquery operators `& | ! ( ) : * <->`,
 * quotes, backslashes) separates words, so user text can never be read as query syntax; the
 * result is still only ever passed as a parameter. null when the term has no word.
 */
export function prefixQuery(term: string): string | null {
  const words =
    term
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const kept = [...new Set(words.map((w) => w.slice(0, MAX_WORD)))].slice(0, MAX_WORDS);
  return kept.length ? kept.map((w) => `${w}:*`).join(' & ') : null;
}

const and = (...parts: (string | null)[]) => parts.filter(Boolean).join(' AND ');

export interface SearchRow {
  id: string;
  type: SearchLinkType;
  sectionName: string | null;
  name: string | null;
  header: string | null;
  create: string | null;
  view: string | null;
}

/**
 * Safety links, standards and guidance notes matching `term` (see prefixQuery), best first:
 * the `precedent` type first, then by rank (ts_rank, name matches weigh most), then by name;
 * at most SEARCH_RESULT_LIMIT, ranked among at most SEARCH_CANDIDATES matches per table. Each entity is read only when the caller may read it, within its scope.
 */
export async function searchLinks(db: Db, caller: Caller, term: string, precedent: SearchLinkType | null): Promise<SearchRow[]> {
  const compiled = compileSearch(caller, term, precedent);
  if (!compiled) return [];
  const { rows } = await db
    .query<SearchRow>(compiled.sql, compiled.params)
    .catch((err: unknown) => Promise.reject(translateDbError(err, 'read')));
  return rows;
}

/** The one statement of a search (SQL text and parameters), or null when the term has no word; checks the caller's read right. */
export function compileSearch(caller: Caller, term: string, precedent: SearchLinkType | null): { sql: string; params: unknown[] } | null {
  const query = prefixQuery(term);
  const links = getEntity('SafetyLinkEntity');
  assertAllowed(caller, links, 'read');
  if (!query) return null;
  const params = new Params();
  const tsq = `to_tsquery('simple', ${params.add(query)})`;
  const branches: string[] = [];
  {
    // Which links the caller's role may see is their scope, and whether it may create from one is
    // the Create field's read rule (access/role-scopes.ts), as on every other path.
    const create = readableSql(links, 'sl', 'create', 'sl."create"', caller, params);
    const sectionReadable = allowed(caller, getEntity('SafetyLinkSectionEntity'), 'read');
    branches.push(
      `SELECT c.id, 'SAFETY' AS type, ${sectionReadable ? 'sec.name' : 'NULL'} AS section_name, c.name, NULL::text AS header, ` +
        `c."create", c.view, ts_rank(c.v, ${tsq}) AS rank ` +
        `FROM (SELECT sl.id, sl.name, ${create} AS "create", sl.view, sl.safety_link_section_id, ${VECTOR('sl')} AS v ` +
        `FROM safety_link sl WHERE ${and(`${VECTOR('sl')} @@ ${tsq}`, scopeSql(links, 'sl', caller, params))} ` +
        `LIMIT ${SEARCH_CANDIDATES}) c LEFT JOIN safety_link_section sec ON sec.id = c.safety_link_section_id`,
    );
  }
  const standards = getEntity('StandardEntity');
  if (allowed(caller, standards, 'read')) {
    branches.push(
      `SELECT s.id, 'STANDARD', NULL, s.name, s.header, NULL, s.link, ts_rank(${VECTOR('s')}, ${tsq}) ` +
        `FROM standard s ` +
        `WHERE ${and(`${VECTOR('s')} @@ ${tsq}`, scopeSql(standards, 's', caller, params))} LIMIT ${SEARCH_CANDIDATES}`,
    );
  }
  const guidance = getEntity('GuidanceEntity');
  if (allowed(caller, guidance, 'read')) {
    const standardName = allowed(caller, standards, 'read') ? 'st.name' : 'NULL';
    branches.push(
      `SELECT g.id, 'GUIDANCE', ${standardName}, g.name, g.header, NULL, g.link, ts_rank(${VECTOR('g')}, ${tsq}) ` +
        `FROM guidance g LEFT JOIN standard st ON st.id = g.standard_id ` +
        `WHERE ${and(`${VECTOR('g')} @@ ${tsq}`, scopeSql(guidance, 'g', caller, params))} LIMIT ${SEARCH_CANDIDATES}`,
    );
  }
  const first = precedent && (SEARCH_LINK_TYPES as readonly string[]).includes(precedent) ? params.add(precedent) : 'NULL::text';
  const sql =
    `SELECT id, type, section_name AS "sectionName", name, header, "create", view FROM (${branches.map((b) => `(${b})`).join(' UNION ALL ')}) r ` +
    `ORDER BY (type = ${first}) IS TRUE DESC, rank DESC, name ASC NULLS LAST, id LIMIT ${SEARCH_RESULT_LIMIT}`;
  return { sql, params: params.values };
}

export interface SectionRow {
  id: string;
  name: string;
  tooltip: string | null;
  order: number | null;
  links: { id: string; name: string | null; create: string | null; view: string | null; order: number | null }[];
}

/**
 * The safety link sections with the links the caller may see (their scope: role permissions,
 * access/role-scopes.ts), sections by order then name, links by order then name; a section none of
 * whose links the caller may see is left out.
 */
export async function safetySections(db: Db, caller: Caller): Promise<SectionRow[]> {
  const sections = getEntity('SafetyLinkSectionEntity');
  const links = getEntity('SafetyLinkEntity');
  assertAllowed(caller, sections, 'read');
  assertAllowed(caller, links, 'read');
  const params = new Params();
  const create = readableSql(links, 'sl', 'create', 'sl."create"', caller, params);
  const linkWhere = and('sl.safety_link_section_id = sec.id', scopeSql(links, 'sl', caller, params));
  const sectionScope = scopeSql(sections, 'sec', caller, params);
  const sql =
    `SELECT sec.id, sec.name, sec.tooltip, sec."order", ls.links FROM safety_link_section sec, LATERAL (` +
    `SELECT json_agg(json_build_object('id', sl.id, 'name', sl.name, 'create', ${create}, ` +
    `'view', sl.view, 'order', sl."order") ORDER BY sl."order" ASC NULLS LAST, sl.name ASC NULLS LAST, sl.id) AS links ` +
    `FROM safety_link sl WHERE ${linkWhere}) ls WHERE ${and('ls.links IS NOT NULL', sectionScope)} ` +
    `ORDER BY sec."order" ASC NULLS LAST, sec.name ASC, sec.id`;
  const { rows } = await db.query<SectionRow>(sql, params.values).catch((err: unknown) => Promise.reject(translateDbError(err, 'read')));
  return rows;
}
