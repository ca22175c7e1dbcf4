import { Anchor, Button, Container, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { opNames, type EntityDef } from '@hub/model';
import { IconExternalLink, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { graphqlRequest } from '../../client/graphql';
import type { Where } from '../../admin/list/query';
import { Crumbs, type Crumb } from '../../ui/Crumbs';
import type { MemberTab } from './tabs';

/**
 * What back-end holders see instead of a member list (member-site.md 6): one tile per tab with
 * its count, opening that tab's list (one click away); Create when permitted; and 'Open in the
 * back-office' (/admin/{entity in lower case}), where they have the full list screens.
 *
 * Props: entity, title, crumbs (after Home), safety; `tabs` and `base` as the list's;
 * `listPath`: the list's first page (tiles open {listPath}?tab={key}); `createPath` when the
 * viewer may create; `noun`: what a count counts, as members say it ('user', 'users'), when the
 * entity's label is not (Mehub Account).
 */
export function TilePanel(props: {
  entity: EntityDef;
  title: string;
  crumbs: Crumb[];
  safety?: boolean;
  tabs: MemberTab[];
  base?: Where[][];
  listPath: string;
  createPath?: string;
  noun?: { one: string; many: string };
}) {
  const { entity, tabs } = props;
  const noun = props.noun ?? { one: entity.label.toLowerCase(), many: `${entity.label.toLowerCase()}s` };
  const n = opNames(entity.name);
  const counts = useQuery({
    queryKey: ['list', entity.name, 'tile-counts', tabs.map((t) => t.key)],
    queryFn: () =>
      graphqlRequest<Record<string, number>>(
        `query(${tabs.map((_t, i) => `$c${i}: [[WhereExpressionGraph!]!]`).join(', ')}) { ${tabs
          .map((_t, i) => `t${i}: ${n.count}(conditions: $c${i})`)
          .join(' ')} }`,
        Object.fromEntries(tabs.map((t, i) => [`c${i}`, [...(props.base ?? []), ...t.where]])),
      ),
  });
  return (
    <Container size="xl" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Crumbs items={props.crumbs} safety={props.safety} />
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {props.title}
        </Title>
        <Group gap="sm">
          {props.createPath && (
            <Button component={Link} to={props.createPath} leftSection={<IconPlus size={16} aria-hidden />} mih={44}>
              Create
            </Button>
          )}
          <Button
            component={Link}
            to={`/admin/${entity.name.toLowerCase()}`}
            variant="default"
            leftSection={<IconExternalLink size={16} aria-hidden />}
            mih={44}
          >
            Open in the back-office
          </Button>
        </Group>
      </Group>
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: Math.min(4, tabs.length) }}
        spacing="md"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {tabs.map((t, i) => {
          const count = counts.data?.[`t${i}`];
          return (
            <Paper component="li" key={t.key} withBorder p="lg" radius="md">
              <Anchor component={Link} to={`${props.listPath}?tab=${encodeURIComponent(t.key)}`} fw={700} fz="lg" display="block" mih={44}>
                {t.label}
              </Anchor>
              <Text size="sm" c="gray.7" aria-live="polite">
                {counts.isPending
                  ? `Loading ${noun.many}...`
                  : counts.isError
                    ? 'The count could not be loaded'
                    : `${count ?? 0} ${count === 1 ? noun.one : noun.many}`}
              </Text>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Container>
  );
}
