import { GROUPS, type RoleName } from '@hub/model';
import type { SiteConfig } from '@hub/model/site';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Me } from '../../app/session';
import { theme } from '../../app/theme';

/** Test helpers of the member reading pages (library, standards, contact, Safety). */

export const memberAs = (role: RoleName): Me => ({
  id: '2a1b7c63-4d2e-4c8f-8b21-6e3d9f5a8b12',
  userName: 'sam@sparkright.example',
  email: 'sam@sparkright.example',
  givenName: 'Sam',
  surname: 'Spark',
  roleName: role,
  isDuplicate: false,
  memberOrganisationId: '1f0e6a52-3c1d-4b7e-9a10-5d2c8e4f7a01',
  primaryContactId: null,
  twoFactorMethod: null,
  groups: [{ name: GROUPS.member, hasBackendAccess: false }],
});

export const siteConfig = (over: Partial<SiteConfig> = {}): SiteConfig => ({
  links: {
    technical: 'https://association.example/technical',
    hr: 'https://association.example/hr',
    legal: 'https://association.example/legal',
    savings: 'https://association.example/savings',
    masterProgram: 'https://association.example/master',
    advantageProgram: 'https://association.example/advantage',
    profile: 'https://association.example/profile',
    events: 'https://association.example/events',
    newsletters: 'https://association.example/newsletters',
    safetyResources: 'https://association.example/safety',
    memberBenefits: 'https://association.example/benefits',
    industryUpdates: 'https://association.example/updates',
    businessGrowth: 'https://association.example/growth',
  },
  supportPhone: null,
  testMode: true,
  ...over,
});

export interface Reply {
  status?: number;
  body: unknown;
}
type Handler = Reply | ((init: RequestInit | undefined) => Reply | Promise<Reply>);

/**
 * Answers fetches: REST by 'METHOD /path' (or '/path' for GET), GraphQL by 'graphql:<text in
 * the query>'; anything else is a 404. Returns the mock, whose calls the tests read.
 */
export function serve(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    let key: string | undefined;
    if (path === '/api/graphql') {
      const query = (JSON.parse(String(init?.body)) as { query: string }).query;
      key = Object.keys(routes).find((k) => k.startsWith('graphql:') && query.includes(k.slice('graphql:'.length)));
    } else key = Object.keys(routes).find((k) => k === `${method} ${path}` || (method === 'GET' && k === path));
    const handler = key ? routes[key] : { status: 404, body: { errors: [{ message: `Nothing at ${path}` }] } };
    const reply = typeof handler === 'function' ? await handler(init) : handler;
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders `page` at `path` (opened as `entry`, e.g. with a hash) as `me`, with the hub's theme, notifications and a fresh query cache. */
export function renderPage(page: ReactNode, me: Me, path = '/', entry = path) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], me);
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [entry] },
  );
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}
