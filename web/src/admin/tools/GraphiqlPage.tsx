import { Stack, Text, Title } from '@mantine/core';
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import './GraphiqlPage.css';
import { hubFetcher } from './graphiqlFetcher';

/** What a first visit shows (later visits in this tab reopen the tabs GraphiQL kept). */
const DEFAULT_QUERY = `# Runs at /api/graphql as you, with your permissions.
# Field names follow the entities, e.g. assetEntitys and countAssetEntitys:
# the Docs button lists every type and field, and Ctrl+Space completes names.
# Ctrl+Enter runs the query.

{
  countAssetEntitys
}
`;

/**
 * The query explorer at /admin/graphiql (loaded on demand, administrators only): GraphiQL
 * with the schema's docs and completion, sending through the hub's own session.
 */
export default function GraphiqlPage() {
  return (
    <Stack gap="xs" h="calc(100dvh - var(--app-shell-header-height, 60px) - 2 * var(--mantine-spacing-md))">
      <Title order={1}>GraphiQL</Title>
      <Text c="dimmed" size="sm">
        Runs GraphQL requests at /api/graphql as you. See the API documentation for the conventions.
      </Text>
      <div className="hub-graphiql">
        {/* Tabs, queries and history in the tab's session storage, which signing out clears: the
            next person at a shared computer does not find them. */}
        <GraphiQL
          fetcher={hubFetcher}
          storage={sessionStorage}
          defaultQuery={DEFAULT_QUERY}
          isHeadersEditorEnabled={false}
          forcedTheme="light"
        >
          <GraphiQL.Logo>Safety Hub</GraphiQL.Logo>
        </GraphiQL>
      </div>
    </Stack>
  );
}
