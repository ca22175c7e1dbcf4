import { lazy, Suspense } from 'react';
import { useMe } from '../../app/session';
import { activityModalFor } from './activity';
import { useSiteConfig } from './site-api';

/** The modal and its list load only for the users who get it. */
const ActivityModalOnce = lazy(() => import('./RecentActivityModal').then((m) => ({ default: m.ActivityModalOnce })));

/** member-site.md: after sign-in, the Recent Activity modal for the roles that have it, not in test mode. */
export function RecentActivityModal() {
  const me = useMe().data;
  const site = useSiteConfig().data;
  return activityModalFor(me, site) ? (
    <Suspense fallback={null}>
      <ActivityModalOnce />
    </Suspense>
  ) : null;
}
