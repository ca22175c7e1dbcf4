import { Button, Group, NavLink, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { IconChevronDown, IconExternalLink, IconKey, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { displayName, hasBackendAccess, logout, useProviders } from '../../app/session';
import { NEW_TAB } from './links';
import type { ResolvedItem, ResolvedLink } from './menu';
import { AdminSwitch, LoginButton, Logo, useNav } from './NavBar';

const isMenu = (i: ResolvedItem): i is Extract<ResolvedItem, { items: unknown }> => 'items' in i;

/** One entry of the wide bar. */
function BarLink({ link, size = 'sm' }: { link: ResolvedLink; size?: 'sm' | 'xs' }) {
  const common = { variant: 'subtle', color: 'gray.0', c: 'white', size, px: 10 } as const;
  return 'to' in link ? (
    <Button component={Link} to={link.to} {...common}>
      {link.label}
    </Button>
  ) : (
    <Button
      component="a"
      href={link.href}
      {...NEW_TAB}
      {...common}
      rightSection={<IconExternalLink size={14} aria-label="opens in a new tab" />}
    >
      {link.label}
    </Button>
  );
}

/**
 * A menu of the bar as a disclosure (a button that shows its list of links below it): the
 * pattern for site navigation, without the positioning code of a popover. Escape, a press
 * outside and a choice close it.
 */
function BarMenu({
  label,
  buttonLabel,
  align = 'start',
  children,
}: {
  label: ReactNode;
  buttonLabel?: string;
  align?: 'start' | 'end';
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const close = () => setOpen(false);
  return (
    <div ref={root} style={{ position: 'relative' }}>
      <Button
        ref={button}
        variant="subtle"
        color="gray.0"
        c="white"
        size="sm"
        px={10}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={buttonLabel}
        onClick={() => setOpen((o) => !o)}
        rightSection={<IconChevronDown size={14} aria-hidden />}
      >
        {label}
      </Button>
      {open && (
        <Paper
          id={listId}
          shadow="md"
          withBorder
          p={4}
          miw={240}
          c="var(--mantine-color-text)"
          style={{
            position: 'absolute',
            top: 'calc(100% + 4px)',
            [align === 'start' ? 'left' : 'right']: 0,
            zIndex: 'var(--mantine-z-index-popover)',
          }}
        >
          {children(close)}
        </Paper>
      )}
    </div>
  );
}

function MenuLinks({ items, onNavigate }: { items: ResolvedLink[]; onNavigate: () => void }) {
  return (
    <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((l) => (
        <li key={l.label}>
          {'to' in l ? (
            <NavLink component={Link} to={l.to} label={l.label} mih={40} onClick={onNavigate} />
          ) : (
            <NavLink
              component="a"
              href={l.href}
              {...NEW_TAB}
              label={l.label}
              mih={40}
              onClick={onNavigate}
              rightSection={<IconExternalLink size={14} aria-label="opens in a new tab" />}
            />
          )}
        </li>
      ))}
    </Stack>
  );
}

/** Wide windows: the secondary group and the account on a thin row, then the logo and the main bar. */
export function WideBar() {
  const { me, main, secondary } = useNav();
  const providers = useProviders().data;
  return (
    <Stack gap={0} h="100%">
      <Group h={40} px="md" justify="flex-end" gap={4} wrap="nowrap" bg="navy.8" component="nav" aria-label="Secondary">
        {secondary.map((l) => (
          <BarLink key={l.label} link={l} size="xs" />
        ))}
        {me && hasBackendAccess(me) && <AdminSwitch compact />}
        {me ? (
          <>
            <BarMenu
              align="end"
              buttonLabel={`${displayName(me)}, account`}
              label={
                <Text size="xs" maw={180} truncate>
                  {displayName(me)}
                </Text>
              }
            >
              {(close) => (
                <Stack gap={0}>
                  <Text size="xs" c="gray.7" px="sm" py={6}>
                    {me.email}
                  </Text>
                  <NavLink
                    component={Link}
                    to="/profile/two-factor"
                    label="Two-factor authentication"
                    leftSection={<IconKey size={16} aria-hidden />}
                    mih={40}
                    onClick={close}
                  />
                </Stack>
              )}
            </BarMenu>
            <Button
              variant="subtle"
              color="gray.0"
              c="white"
              size="xs"
              leftSection={<IconLogout size={14} aria-hidden />}
              onClick={() => void logout(me, providers)}
            >
              Logout
            </Button>
          </>
        ) : (
          <LoginButton />
        )}
      </Group>
      <Group h={64} px="md" gap="lg" wrap="nowrap">
        <Logo />
        <Group component="nav" aria-label="Main" gap={2} wrap="nowrap">
          {main.map((i) =>
            isMenu(i) ? (
              <BarMenu key={i.label} label={i.label}>
                {(close) => <MenuLinks items={i.items} onNavigate={close} />}
              </BarMenu>
            ) : (
              <BarLink key={i.label} link={i} />
            ),
          )}
        </Group>
      </Group>
    </Stack>
  );
}
