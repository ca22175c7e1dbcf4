import { Tabs } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import classes from './touch.module.css';

/**
 * A Tabs.List of many tabs (document types): one row scrolling sideways on phones (wrapped rows
 * on wider screens), the chosen tab scrolled into view. `selected` is the chosen tab's value.
 */
export function ScrollTabList({ label, selected, children }: { label: string; selected: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const tab = ref.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);
  return (
    <Tabs.List ref={ref} aria-label={label} className={classes.scrollTabs}>
      {children}
    </Tabs.List>
  );
}
