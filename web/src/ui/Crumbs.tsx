import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * member-site.md, Breadcrumbs: always Home first, then Safety unless the page is not a safety
 * page. The last crumb is the current page, unless `endsAbove`: then the trail stops at the
 * page's parent (the filler ends at the form type, its title is the heading right below)
 * and every crumb is a link.
 */
export function Crumbs({ items, safety = true, endsAbove = false }: { items: Crumb[]; safety?: boolean; endsAbove?: boolean }) {
  const all: Crumb[] = [{ label: 'Home', to: '/home' }, ...(safety ? [{ label: 'Safety', to: '/mesafety' }] : []), ...items];
  return (
    <Breadcrumbs separatorMargin={6} mb="sm" style={{ flexWrap: 'wrap' }} aria-label="Breadcrumb">
      {all.map((c, i) =>
        c.to && (endsAbove || i < all.length - 1) ? (
          <Anchor key={i} component={Link} to={c.to} size="sm">
            {c.label}
          </Anchor>
        ) : (
          <Text key={i} size="sm" c="dimmed" aria-current={i === all.length - 1 ? 'page' : undefined}>
            {c.label}
          </Text>
        ),
      )}
    </Breadcrumbs>
  );
}
