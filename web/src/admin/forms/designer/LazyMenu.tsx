import { Menu, type MenuDropdownProps, type MenuProps } from '@mantine/core';
import { cloneElement, useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';

export interface LazyMenuProps extends Omit<MenuProps, 'children' | 'opened' | 'defaultOpened' | 'onChange'> {
  /** The button opening the menu (an ActionIcon or Button; it must take onClick and a ref). */
  target: ReactElement<{ onClick?: () => void }>;
  dropdownProps?: Omit<MenuDropdownProps, 'children'>;
  /** The menu's items. */
  children: ReactNode;
}

/**
 * A Mantine Menu created on its button's first click: until then the button stands alone, so a
 * list of a hundred rows does not set up a hundred Floating UI instances (each measures the page
 * in a layout effect when it mounts). Once created, the menu stays, and behaves as a Menu does:
 * focus moves into it and returns to its button when it closes.
 */
export function LazyMenu({ target, dropdownProps, children, ...menu }: LazyMenuProps) {
  const [created, setCreated] = useState(false);
  if (!created) return cloneElement(target, { onClick: () => setCreated(true), 'aria-haspopup': 'menu', 'aria-expanded': false } as object);
  return (
    <CreatedMenu target={target} dropdownProps={dropdownProps} {...menu}>
      {children}
    </CreatedMenu>
  );
}

function CreatedMenu({ target, dropdownProps, children, ...menu }: LazyMenuProps) {
  const ref = useRef<HTMLElement>(null);
  const [opened, setOpened] = useState(false);
  // The button just replaced the one clicked: it takes the focus, then the menu opens (so that
  // closing it returns the focus there).
  useEffect(() => {
    let live = true;
    ref.current?.focus();
    queueMicrotask(() => live && setOpened(true));
    return () => {
      live = false;
    };
  }, []);
  return (
    <Menu {...menu} opened={opened} onChange={setOpened}>
      <Menu.Target>{cloneElement(target, { ref } as object)}</Menu.Target>
      <Menu.Dropdown {...dropdownProps}>{children}</Menu.Dropdown>
    </Menu>
  );
}
