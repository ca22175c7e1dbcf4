import { useQuery } from '@tanstack/react-query';
import type { RecentActivity, SearchLink, SiteConfig } from '@hub/model/site';
import { api } from '../../client/api';
import { graphqlRequest } from '../../client/graphql';

/**
 * The member site's reading calls (member-site.md section 2, data-layer.md): the shapes are
 * model/src/site.ts; REST through `api`, entities through GraphQL.
 */

/** GET /api/site: the association's addresses, the support line and test mode. Read once per page load. */
export function useSiteConfig() {
  return useQuery({ queryKey: ['site'], queryFn: () => api<SiteConfig>('GET', '/api/site'), staleTime: Infinity });
}

/** The global search; a failure gives an empty list (member-site.md). */
export async function searchLinks(searchTerm: string): Promise<SearchLink[]> {
  try {
    const found = await api<SearchLink[]>(
      'GET',
      `/api/entity/safetylinkentity/search_link_list?searchTerm=${encodeURIComponent(searchTerm)}`,
    );
    return Array.isArray(found) ? found : [];
  } catch {
    return [];
  }
}

export function fetchRecentActivity(): Promise<RecentActivity[]> {
  return api<RecentActivity[]>('GET', '/api/entity/ReminderLogEntity/GetRecentActivity', undefined, { redirectOn401: true });
}

export function useRecentActivity(enabled = true) {
  return useQuery({ queryKey: ['recent-activity'], queryFn: fetchRecentActivity, enabled });
}

/** Viewing a review activity clears its notification. */
export async function clearReviewNotification(id: string): Promise<void> {
  await api('PUT', '/api/entity/FormReviewRequestEntity', { id, showNotification: false }, { redirectOn401: true });
}

/** Records that the member opened a page (home). */
export async function recordPageView(page: 'home'): Promise<void> {
  await api('POST', '/api/site/page-view', { page });
}

export interface NewsNotice {
  id: string;
  notice: string | null;
  showtime: boolean;
  modified: string;
}

/** The news ticker's notice: the most recently changed news entry, or null. */
export function useLatestNews() {
  return useQuery({
    queryKey: ['news-latest'],
    queryFn: async () => {
      const data = await graphqlRequest<{ r: NewsNotice[] }>(
        `query { r: newsEntitys(take: 1, orderBy: [{ path: "modified", descending: true }]) { id notice showtime modified } }`,
      );
      return data.r[0] ?? null;
    },
    staleTime: 5 * 60_000,
  });
}

export interface HomePageLink {
  id: string;
  name: string;
  summary: string | null;
  tooltip: string | null;
}

export function useHomePageLinks() {
  return useQuery({
    queryKey: ['home-page-links'],
    queryFn: async () => {
      const data = await graphqlRequest<{ r: HomePageLink[] }>(`query { r: homePageLinkEntitys(take: 100) { id name summary tooltip } }`);
      return data.r;
    },
    staleTime: 5 * 60_000,
  });
}
