import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from './Crumbs.module.css';

export interface Crumb {
  label: string;
  to?: string;
}

/** An edit or view step of a route ('edit', 'View'): not a crumb of its own unless it ends the trail. */
const EDIT_OR_VIEW = /^(edit|view)$/i;

/**
 * member-site.md, Breadcrumbs: always Home first, then Safety unless the page is not a safety
 * page; edit and view crumbs are skipped except an optional last crumb (submissions and
 * templates pages pass their type as a crumb). The last crumb is the current page, unless
 * `endsAbove`: then the trail stops at the page's parent (the filler ends at the form type,
 * its title is the heading right below) and every crumb is a link.
 */
export function crumbTrail(items: Crumb[], safety = true): Crumb[] {
  const own = items.filter((c, i) => i === items.length - 1 || !EDIT_OR_VIEW.test(c.label.trim()));
  return [{ label: 'Home', to: '/home' }, ...(safety ? [{ label: 'Safety', to: '/mesafety' }] : []), ...own];
}

export function Crumbs({ items, safety = true, endsAbove = false }: { items: Crumb[]; safety?: boolean; endsAbove?: boolean }) {
  const all = crumbTrail(items, safety);
  return (
    <nav aria-label="Breadcrumb">
      {/* A long crumb wraps (Crumbs.module.css); on a touch screen each is a 44 px tap target (theme). */}
      <Breadcrumbs separatorMargin={6} mb={4} mt={-8} classNames={{ breadcrumb: classes.crumb }}>
        {all.map((c, i) =>
          c.to && (endsAbove || i < all.length - 1) ? (
            <Anchor key={i} component={Link} to={c.to} size="sm">
              {c.label}
            </Anchor>
          ) : (
            <Text key={i} size="sm" c="gray.7" aria-current={i === all.length - 1 ? 'page' : undefined}>
              {c.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
