import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconApi, IconBook, IconBrandGit, IconCode, IconPlugConnected } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { api } from '../client/api';
import { isAdminGroup, useMe } from '../app/session';

function ToolCard({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs" h="100%">
        {icon}
        <Text fw={700}>{title}</Text>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {text}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

/** /admin (back-office 2.1): cards to the tools, and the server's 'bot version {ip}' line. */
export function Dashboard() {
  const me = useMe().data;
  const version = useQuery({
    queryKey: ['server-version'],
    queryFn: () => api<{ version: string; ip: string }>('GET', '/api/version'),
    staleTime: Infinity,
  });
  const icon = (I: typeof IconApi) => <I size={28} color="var(--mantine-color-navy-7)" aria-hidden />;

  return (
    <Stack>
      <Title order={1}>Back-office</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {isAdminGroup(me) && (
          <ToolCard
            icon={icon(IconCode)}
            title="Query explorer"
            text="Write and run GraphQL queries against the hub's API as yourself (GraphiQL)."
          >
            <Anchor component={Link} to="/admin/graphiql">
              Open GraphiQL
            </Anchor>
          </ToolCard>
        )}
        <ToolCard icon={icon(IconApi)} title="API documentation" text="The REST calls of the hub, described with OpenAPI.">
          <Anchor href="/api/swagger" target="_blank">
            Open API documentation
          </Anchor>
        </ToolCard>
        <ToolCard
          icon={icon(IconPlugConnected)}
          title="Integration API documentation"
          text="What a field-service application may call with an organisation's API token, and how it signs its requests."
        >
          <Anchor href="/api/integration-swagger" target="_blank">
            Open integration API documentation
          </Anchor>
        </ToolCard>
        <ToolCard
          icon={icon(IconBrandGit)}
          title="Source repository"
          text="The hub's source lives in the association's Git repository: README.md explains how to run it, docs/ its architecture and API conventions."
        />
        <ToolCard
          icon={icon(IconBook)}
          title="Learning"
          text="New to the back-office? The style guide shows every control and message level used here; the API documentation lists the calls behind the screens."
        >
          <Anchor component={Link} to="/admin/styleguide">
            Open the style guide
          </Anchor>
        </ToolCard>
      </SimpleGrid>
      <Text size="sm" c="dimmed" component="footer">
        {version.data
          ? `bot version ${version.data.ip} · Safety Hub ${version.data.version}`
          : version.isError
            ? 'bot version unknown'
            : 'bot version …'}
      </Text>
    </Stack>
  );
}
