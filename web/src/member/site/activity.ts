import { hasRoleFact } from '@hub/model/roles';
import type { SiteConfig } from '@hub/model/site';
import type { Me } from '@hub/model/account';

/** Session storage: the Recent Activity modal was shown in this browser session (logout clears it). */
export const ACTIVITY_SHOWN = 'recentActivityShown';

/** The modal is for SafetyManager, SafetyWorker, Worker and Manager, never in test mode. */
export function activityModalFor(me: Me | null | undefined, site: SiteConfig | undefined): boolean {
  return !!me && !!site && !site.testMode && hasRoleFact('recentActivityModal', me.roleName);
}
