import { Card, Group, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import {
  IconBook,
  IconBriefcase,
  IconExternalLink,
  IconFolder,
  IconGift,
  IconNews,
  IconScale,
  IconShieldCheck,
  IconTrendingUp,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { hasBackendAccess, useMe } from '../../app/session';
import { NEW_TAB } from './links';
import { resolveEntry, type NavEntry } from './menu';
import { useHomePageLinks, useSiteConfig, type HomePageLink } from './site-api';

/**
 * The eight tiles of home, in the spec's order. Tile i takes its summary and tooltip from
 * the home page link named HOME_LINK_NAMES[i] (member-site.md: the links are named Safety,
 * Standards, Employment-HR, Member Benefits, Technical, Legal, Industry Updates, Business Growth).
 */
export const HOME_LINK_NAMES = [
  'Safety',
  'Standards',
  'Employment-HR',
  'Member Benefits',
  'Technical',
  'Legal',
  'Industry Updates',
  'Business Growth',
];

export const HOME_TILES: (NavEntry & { icon: Icon })[] = [
  { label: 'Safety', target: { to: '/mesafety' }, icon: IconShieldCheck },
  { label: 'Standards', target: { to: '/standards' }, icon: IconBook },
  { label: 'My Documents', target: { to: '/documentlibrary' }, icon: IconFolder },
  { label: 'Member Benefits', target: { external: 'memberBenefits' }, icon: IconGift },
  { label: 'MEA Documents', target: { to: '/mea-documents', until: '/documentlibrary#mea-master-library' }, icon: IconBriefcase },
  { label: 'Legal', target: { external: 'legal' }, icon: IconScale },
  { label: 'Industry Updates', target: { external: 'industryUpdates' }, icon: IconNews },
  { label: 'Business Growth', target: { external: 'businessGrowth' }, icon: IconTrendingUp },
];

/** The home page link of tile `index`, matched by name. */
export function linkForTile(index: number, links: HomePageLink[] | undefined): HomePageLink | undefined {
  const name = HOME_LINK_NAMES[index]?.toLowerCase();
  return links?.find((l) => l.name.trim().toLowerCase() === name);
}

export function HomeTiles() {
  const me = useMe().data;
  const site = useSiteConfig().data;
  const links = useHomePageLinks();
  const viewer = { roleName: me?.roleName ?? null, backend: hasBackendAccess(me), memberOrganisationId: me?.memberOrganisationId ?? null };
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 4 }}
      spacing="md"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Start here"
    >
      {HOME_TILES.map((tile, i) => {
        const target = resolveEntry(tile, viewer, site?.links);
        if (!target) return null;
        const info = linkForTile(i, links.data);
        const TileIcon = tile.icon;
        const external = 'href' in target;
        const body = (
          <>
            <Group gap="xs" wrap="nowrap" mb={6}>
              <TileIcon size={26} color="var(--mantine-color-safety-7)" aria-hidden />
              <Title order={2} fz="lg">
                {tile.label}
              </Title>
              {external && <IconExternalLink size={14} aria-label="opens in a new tab" />}
            </Group>
            {links.isPending ? (
              <Skeleton h={32} />
            ) : (
              info?.summary && (
                <Text size="sm" c="gray.7">
                  {info.summary}
                </Text>
              )
            )}
          </>
        );
        // The tooltip is the browser's own (title): a positioned tooltip would bring about 20 kB
        // of positioning code into home's first load for a text the summary mostly repeats.
        const cardProps = { withBorder: true, padding: 'md', h: '100%', mih: 120, title: info?.tooltip ?? undefined } as const;
        const card = external ? (
          <Card component="a" href={target.href} {...NEW_TAB} {...cardProps}>
            {body}
          </Card>
        ) : (
          <Card component={Link} to={target.to} {...cardProps}>
            {body}
          </Card>
        );
        return <li key={tile.label}>{card}</li>;
      })}
    </SimpleGrid>
  );
}
