/** The corrective actions' member pages (issue 15): /corrective-actions and /corrective-actions-{n}, /corrective-actions/view/{id}. */
export const ACTIONS_PATH = '/corrective-actions';
export const actionsPathOf = (n: number) => (n > 1 ? `${ACTIONS_PATH}-${n}` : ACTIONS_PATH);
export const actionPath = (id: string) => `${ACTIONS_PATH}/view/${id}`;

/** The page of a first path segment 'corrective-actions-{n}', or null. */
export function actionsPageOfSegment(segment: string | undefined): number | null {
  const m = /^corrective-actions-(\d{1,7})$/.exec(segment ?? '');
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 ? n : 1;
}
