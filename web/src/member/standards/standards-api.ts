import { useQuery } from '@tanstack/react-query';
import { graphqlRequest } from '../../client/graphql';

export interface GuidanceNote {
  id: string;
  name: string;
  header: string | null;
  /** What the note says: shown under it (many notes are read there, with no document to open). */
  description?: string | null;
  link: string | null;
}

export interface Standard {
  id: string;
  name: string;
  header: string | null;
  description?: string | null;
  link: string | null;
  iconId: string | null;
  guidancess: GuidanceNote[];
}

export const STANDARDS_QUERY = `query {
  r: standardEntitys(orderBy: [{ path: "name" }]) { id name header description link iconId guidancess { id name header description link } }
}`;

/**
 * Standards with their guidance notes (GraphQL `standardEntitys`). A connection error is
 * logged only (member-site.md section 8): the page shows its empty state.
 */
export async function loadStandards(): Promise<Standard[]> {
  try {
    const data = await graphqlRequest<{ r: Standard[] }>(STANDARDS_QUERY);
    return data.r.map((s) => ({ ...s, guidancess: [...(s.guidancess ?? [])].sort((a, b) => a.name.localeCompare(b.name)) }));
  } catch (err) {
    console.error('Standards could not be loaded', err);
    return [];
  }
}

export function useStandards() {
  return useQuery({ queryKey: ['standards'], queryFn: loadStandards, staleTime: 5 * 60_000 });
}

/** A standard shows when the search is empty or found in its name, header or description, or in one of its guidance notes'. */
export function matchesStandard(s: Standard, term: string): boolean {
  const t = term.trim().toLocaleLowerCase();
  if (!t) return true;
  const has = (v: string | null) => !!v && v.toLocaleLowerCase().includes(t);
  const found = (x: { name: string; header: string | null; description?: string | null }) =>
    has(x.name) || has(x.header) || has(x.description ?? null);
  return found(s) || s.guidancess.some(found);
}
