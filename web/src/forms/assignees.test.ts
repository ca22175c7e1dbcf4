import { describe, expect, it } from 'vitest';
import { DEACTIVATED_SUFFIX, assigneeOptions, isDeactivated } from './assignees';

const users = [
  { id: 'a', name: 'Ann', active: true },
  { id: 'b', name: 'Bob', active: false },
  { id: 'c', name: 'Cat' },
];

describe('assignee pickers', () => {
  it('offer only active colleagues', () => {
    expect(assigneeOptions(users, null).map((o) => o.value)).toEqual(['a', 'c']);
    expect(assigneeOptions(users, 'a').map((o) => o.value)).toEqual(['a', 'c']);
  });

  it('keep showing an assignee deactivated since, named as such, until someone else is chosen', () => {
    expect(assigneeOptions(users, 'b')).toEqual([
      { value: 'a', label: 'Ann' },
      { value: 'c', label: 'Cat' },
      { value: 'b', label: `Bob${DEACTIVATED_SUFFIX}` },
    ]);
    expect(isDeactivated(users, 'b')).toBe(true);
    expect(isDeactivated(users, 'a')).toBe(false);
    expect(isDeactivated(users, null)).toBe(false);
    // An id nobody knows adds nothing.
    expect(assigneeOptions(users, 'zzz').map((o) => o.value)).toEqual(['a', 'c']);
  });
});
