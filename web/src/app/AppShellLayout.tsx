import { AppShell } from '@mantine/core';
import { Outlet } from 'react-router';
import { NAV_HEIGHT, NavBar, useWideNav } from '../member/site/NavBar';
import { NewsTicker } from '../member/site/NewsTicker';
import { RecentActivityModal } from '../member/site/RecentActivityGate';
import { OutboxStrip, useOutboxDelivery, useOutboxItems } from '../offline/OutboxStatus';
import { useMe } from './session';

/**
 * The member site's frame (member-site.md section 2): the navigation bar (a slide-out menu
 * under 1600 px), the offline message and the forms waiting to send (docs/offline.md), the
 * news ticker, then the page; the Recent Activity modal once per session. The outbox is
 * delivered from here.
 */
export function AppShellLayout() {
  const wide = useWideNav();
  const userId = useMe().data?.id;
  const outbox = useOutboxItems(userId);
  useOutboxDelivery(userId);
  return (
    <AppShell header={{ height: wide ? NAV_HEIGHT.wide : NAV_HEIGHT.narrow }} padding={0}>
      <AppShell.Header bg="navy.9" c="white">
        <NavBar wide={wide} />
      </AppShell.Header>
      <AppShell.Main>
        <OutboxStrip items={outbox} />
        <NewsTicker />
        <div style={{ padding: 'var(--mantine-spacing-md)' }}>
          <Outlet />
        </div>
      </AppShell.Main>
      <RecentActivityModal />
    </AppShell>
  );
}
