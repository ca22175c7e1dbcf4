import type { FillerUser } from './context';

/** Shown after the name of an assignee whose account an administrator has deactivated. */
export const DEACTIVATED_SUFFIX = ' (deactivated)';

/**
 * The assignee picker's options (the filler's raise panel, the action page's Change action):
 * the active colleagues only (docs/corrective-actions.md), plus the one chosen now when their
 * account was deactivated since, so that the choice still shows, named as deactivated, until
 * someone else is picked.
 */
export function assigneeOptions(users: readonly FillerUser[], current: string | null | undefined): { value: string; label: string }[] {
  const options = users.filter((u) => u.active !== false).map((u) => ({ value: u.id, label: u.name }));
  if (current && !options.some((o) => o.value === current)) {
    const chosen = users.find((u) => u.id === current);
    if (chosen) options.push({ value: chosen.id, label: `${chosen.name}${DEACTIVATED_SUFFIX}` });
  }
  return options;
}

/** Whether `id` names a colleague whose account is deactivated (a draft's assignee since deactivated). */
export const isDeactivated = (users: readonly FillerUser[], id: string | null | undefined): boolean =>
  !!id && users.some((u) => u.id === id && u.active === false);
