import type { ReactNode } from 'react';
import classes from './touch.module.css';

/**
 * A 44 px touch target around a small control with its own accessible name (a row's checkbox):
 * a label wrapping the input, so a tap anywhere in the square ticks it.
 */
export function HitArea({ children }: { children: ReactNode }) {
  return <label className={classes.hit}>{children}</label>;
}
