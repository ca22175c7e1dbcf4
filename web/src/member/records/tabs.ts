import { useSearchParams } from 'react-router';
import type { Where } from '../../admin/list/query';

/** A tab of a member list: its key in the address (?tab=), its label and the conditions its rows meet. */
export interface MemberTab {
  key: string;
  label: string;
  where: Where[][];
}

/** The address's ?tab=, the first tab when absent or unknown. */
export function useTab(tabs: MemberTab[]): MemberTab {
  const [params] = useSearchParams();
  return tabs.find((t) => t.key === params.get('tab')) ?? tabs[0];
}

/** Whether the address names a tab (back-end holders see the tile panel until they pick one). */
export function useTabChosen(): boolean {
  const [params] = useSearchParams();
  return params.has('tab');
}

/** A page number of a path such as /assets-{n}: a whole number from 1, else 1. */
export function pageOf(text: string | undefined): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}
