import { Anchor, Badge, Button, Card, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH, type SearchLink, type SearchLinkType } from '@hub/model/site';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { linkTarget, NEW_TAB } from './links';
import { searchLinks, useSiteConfig } from './site-api';

export const NO_RESULTS = 'Hmm no results, please try our advanced search now.';
/** Longest term sent; the search box refuses more. */
const MAX_TERM = 200;

/** Filled badges in shades with white text above 4.5:1. */
const TYPE_COLOR: Record<SearchLinkType, string> = { SAFETY: 'safety.9', STANDARD: 'navy.9', GUIDANCE: 'teal.9' };

/** A Create or View action: a hub path through the router, an absolute address in a new tab, else nothing. */
function Action({ label, value, name, primary }: { label: string; value: string | null; name: string; primary?: boolean }) {
  const target = linkTarget(value);
  if (!target) return null;
  const props = { size: 'sm', variant: primary ? 'filled' : 'light', miw: 72, mih: 44, 'aria-label': `${label} ${name}` } as const;
  return target.kind === 'internal' ? (
    <Button component={Link} to={target.to} {...props}>
      {label}
    </Button>
  ) : (
    <Button component="a" href={target.href} {...NEW_TAB} {...props}>
      {label}
    </Button>
  );
}

function Result({ link }: { link: SearchLink }) {
  return (
    <Card withBorder padding="sm" component="li">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap={6} wrap="wrap">
            <Badge color={TYPE_COLOR[link.type] ?? 'gray.8'} variant="filled" size="sm">
              {link.type}
            </Badge>
            {link.sectionName && (
              <Text size="xs" c="gray.7">
                {link.sectionName}
              </Text>
            )}
          </Group>
          <Text fw={600} size="sm">
            {link.name}
          </Text>
          {link.header && (
            <Text size="sm" c="gray.7">
              {link.header}
            </Text>
          )}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Action label="Create" value={link.create} name={link.name} primary />
          <Action label="View" value={link.view} name={link.name} />
        </Group>
      </Group>
    </Card>
  );
}

/**
 * The global search of home (member-site.md): from 2 characters, 500 ms after the last key;
 * results typed SAFETY, STANDARD or GUIDANCE; a failure reads as no results.
 */
export function GlobalSearch() {
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const active = debounced.length >= SEARCH_MIN_LENGTH;
  const results = useQuery({
    queryKey: ['global-search', debounced],
    queryFn: () => searchLinks(debounced),
    enabled: active,
    staleTime: 60_000,
  });
  const phone = useSiteConfig().data?.supportPhone;
  const regionId = useId();
  const found = active ? results.data : undefined;
  return (
    <Stack gap="xs" role="search">
      <TextInput
        label="Search"
        placeholder="Search safety forms, standards and guidance"
        size="md"
        styles={{ input: { minHeight: 44 } }}
        value={term}
        maxLength={MAX_TERM}
        onChange={(e) => setTerm(e.currentTarget.value)}
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={active && results.isFetching ? <Loader size="xs" aria-label="Searching" /> : null}
        aria-controls={regionId}
        type="search"
      />
      <div id={regionId} role="region" aria-label="Search results" aria-live="polite">
        {found && found.length > 0 && (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {found.map((l) => (
              <Result key={`${l.type}-${l.id}`} link={l} />
            ))}
          </Stack>
        )}
        {found && found.length === 0 && (
          <Card withBorder padding="sm">
            <Text size="sm">{NO_RESULTS}</Text>
            {phone && (
              <Text size="sm">
                Call us on <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</Anchor>
              </Text>
            )}
            <Anchor component={Link} to="/contactus" size="sm" mih={44} display="inline-flex" style={{ alignItems: 'center' }}>
              Contact Us
            </Anchor>
          </Card>
        )}
      </div>
    </Stack>
  );
}
