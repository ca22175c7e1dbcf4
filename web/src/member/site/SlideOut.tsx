import { Divider, Drawer, NavLink, Stack } from '@mantine/core';
import { IconExternalLink, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { logout, useMe, useProviders } from '../../app/session';
import { NEW_TAB } from './links';
import type { ResolvedItem, ResolvedLink } from './menu';

const isMenu = (i: ResolvedItem): i is Extract<ResolvedItem, { items: unknown }> => 'items' in i;

function DrawerLink({ link, onNavigate }: { link: ResolvedLink; onNavigate: () => void }) {
  return 'to' in link ? (
    <NavLink component={Link} to={link.to} label={link.label} mih={44} onClick={onNavigate} />
  ) : (
    <NavLink
      component="a"
      href={link.href}
      {...NEW_TAB}
      label={link.label}
      mih={44}
      onClick={onNavigate}
      rightSection={<IconExternalLink size={14} aria-label="opens in a new tab" />}
    />
  );
}

/** A menu of the slide-out: a button that opens its entries below it. */
function DrawerGroup({ label, items, onNavigate }: { label: string; items: ResolvedLink[]; onNavigate: () => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <NavLink component="button" label={label} mih={44} childrenOffset="md" opened={opened} onChange={setOpened} aria-expanded={opened}>
      {items.map((l) => (
        <DrawerLink key={l.label} link={l} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}

/** The slide-out menu of narrow windows: the same entries as the wide bar; a tap on an entry closes it. */
export function SlideOut({
  opened,
  onClose,
  main,
  secondary,
}: {
  opened: boolean;
  onClose: () => void;
  main: ResolvedItem[];
  secondary: ResolvedLink[];
}) {
  const me = useMe().data;
  const providers = useProviders().data;
  const close = onClose;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="sm"
      title="Menu"
      closeButtonProps={{ 'aria-label': 'Close menu', size: 44 }}
    >
      <Stack gap={0} component="nav" aria-label="Main">
        {main.map((i) =>
          isMenu(i) ? (
            <DrawerGroup key={i.label} label={i.label} items={i.items} onNavigate={close} />
          ) : (
            <DrawerLink key={i.label} link={i} onNavigate={close} />
          ),
        )}
      </Stack>
      <Divider my="sm" />
      <Stack gap={0} component="nav" aria-label="Secondary">
        {secondary.map((l) => (
          <DrawerLink key={l.label} link={l} onNavigate={close} />
        ))}
        {me ? (
          <>
            <NavLink component={Link} to="/profile/two-factor" label="Two-factor authentication" mih={44} onClick={close} />
            <NavLink
              component="button"
              label="Logout"
              mih={44}
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={() => void logout(me, providers)}
            />
          </>
        ) : null}
      </Stack>
    </Drawer>
  );
}
