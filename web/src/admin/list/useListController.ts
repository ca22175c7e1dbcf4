import { notifications } from '@mantine/notifications';
import { opNames, type EntityDef, type EntityName } from '@hub/model';
import { webKindOf, type Choice } from '../kinds';
import { can, isAdministratorGroups } from '@hub/model/groups';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { graphqlRequest, GraphqlError } from '../../client/graphql';
import { useMe } from '../../app/session';
import { clampPage, clearSelection, filterStatus, initialState, pageCount, selectedCount, type ListState } from './list-state';
import { columnsOf, conditionsOf, listQuery, organisationColumn, orderOf, selectionConditions, type Where } from './query';
import { rememberedSearch, rememberSearch } from './search-memory';

type Row = Record<string, unknown>;
export type ListOp = 'create' | 'read' | 'update' | 'delete';

/** The spec's delete failure text: only the generic text when the server redacted its detail. */
export function deleteFailure(err: unknown, bulk: boolean): string {
  const text = bulk
    ? 'These records could not be deleted because of an association or because they have linked child/parent assets'
    : 'This record could not be deleted because of an association or because it has linked child/parent assets';
  const message = err instanceof Error ? err.message : String(err);
  return message.startsWith('Detail redacted') ? text : `${text}\nMessage: ${message}`;
}

export interface ListOptions {
  entity: EntityDef;
  /** Conditions every row of this screen meets (e.g. MEA documents only). */
  base: Where[][];
  /** The list's own name for its remembered search term (its path). */
  listKey: string;
  /** A page held by the address (a member list's /assets-{n}): shown as is, never clamped here (the owner does that). */
  page?: number;
  /** More fields each row carries beyond the entity's columns (a member list's own columns). */
  select?: string;
}

/** The filterable fields of an entity, by filter widget (each kind's `filter` in admin/kinds.tsx). */
function filterFieldsOf(entity: EntityDef) {
  const out = {
    choices: [] as { path: string; label: string; choices: Choice[] }[],
    dates: [] as { path: string; label: string }[],
    references: [] as { path: string; label: string; target: EntityName }[],
  };
  for (const [path, field] of Object.entries(entity.fields)) {
    const filter = webKindOf(field).filter;
    const label = field.label ?? path;
    const choices = filter?.kind === 'choices' ? filter.choices(field) : [];
    if (filter?.kind === 'choices' && !field.writeOnly && choices.length) out.choices.push({ path, label, choices });
    else if (filter?.kind === 'range' && !field.hidden) out.dates.push({ path, label });
    else if (filter?.kind === 'reference' && !field.hidden) out.references.push({ path, label, target: filter.target(field) });
  }
  return out;
}

/** The generic list screen's data, state and actions: fetching, search, selection, delete and export. */
export function useListController({ entity, base, listKey, page, select }: ListOptions) {
  const me = useMe().data;
  const client = useQueryClient();
  const allowed = (op: ListOp) => can(me?.groups.map((g) => g.name) ?? [], me?.roleName ?? null, entity.name, op);
  const [own, setState] = useState<ListState>(() => ({ ...initialState(10), search: rememberedSearch(listKey) }));
  const state = page === undefined ? own : { ...own, page };
  const [confirm, setConfirm] = useState<null | { ids: string[] | 'selection' }>(null);
  // Administrators see every organisation's rows: an Organisation column says whose each is.
  const admin = isAdministratorGroups(me?.groups.map((g) => g.name) ?? []);
  const columns = useMemo(() => {
    const org = admin ? organisationColumn(entity) : null;
    return org ? [...columnsOf(entity), org] : columnsOf(entity);
  }, [entity, admin]);
  const filters = useMemo(() => filterFieldsOf(entity), [entity]);
  const conditions = conditionsOf(entity, state, base);
  const n = opNames(entity.name);

  const list = useQuery({
    queryKey: ['list', entity.name, conditions, state.page, state.pageSize, state.sort, select ?? '', admin],
    queryFn: () =>
      graphqlRequest<{ rows: Row[]; total: number }>(listQuery(entity, select, columns), {
        c: conditions,
        skip: (state.page - 1) * state.pageSize,
        take: state.pageSize,
        o: orderOf(state),
      }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows;
  const total = list.data?.total ?? 0;

  // A page beyond the total (after deletes or a narrower filter) goes back to the first.
  const clamped = list.data && page === undefined ? clampPage(own, list.data.total) : own;
  if (clamped !== own) setState(clamped);

  const remove = useMutation({
    mutationFn: async (target: string[] | 'selection') =>
      target === 'selection'
        ? graphqlRequest(`mutation($c: [[WhereExpressionGraph!]!]) { r: ${n.deleteConditional}(conditions: $c) }`, {
            c: selectionConditions(entity, state, base),
          })
        : graphqlRequest(`mutation($ids: [ID!]!) { r: ${n.delete}(${n.idsArg}: $ids) }`, { ids: target }),
    onSuccess: (_d, target) => {
      notifications.show({
        color: 'green',
        message: target === 'selection' ? 'All selected items are deleted successfully' : 'Deleted successfully',
      });
      setState(clearSelection);
      void client.invalidateQueries({ queryKey: ['list', entity.name] });
    },
    onError: (err, target) =>
      notifications.show({
        color: 'red',
        message: deleteFailure(err, target === 'selection'),
        autoClose: false,
        style: { whiteSpace: 'pre-line' },
      }),
    onSettled: () => setConfirm(null),
  });

  function search(term: string) {
    rememberSearch(listKey, term);
    setState((s) => clearSelection({ ...s, search: term, page: 1 }));
  }

  function exportCsv(where: Where[][] = selectionConditions(entity, state, base)) {
    const c = encodeURIComponent(JSON.stringify(where));
    window.location.assign(`/api/entity/${entity.name}/export?stringConditions=${c}`);
  }

  function copyId(id: string) {
    navigator.clipboard
      .writeText(id)
      .then(() => notifications.show({ color: 'green', message: `Copied ${id}` }))
      .catch(() => notifications.show({ color: 'red', message: 'The id could not be copied' }));
  }

  return {
    allowed,
    state,
    setState,
    columns,
    filters,
    rows,
    total,
    pageIds: (rows ?? []).map((r) => r.id as string),
    pages: pageCount(total, state.pageSize),
    selected: selectedCount(state, total),
    selection: () => selectionConditions(entity, state, base),
    status: filterStatus(state),
    list: {
      isPending: list.isPending,
      isFetching: list.isFetching,
      error: list.isError ? (list.error instanceof GraphqlError ? list.error.message : String(list.error)) : null,
    },
    search,
    exportCsv,
    copyId,
    confirm,
    setConfirm,
    remove: { run: (target: string[] | 'selection') => remove.mutate(target), isPending: remove.isPending },
  };
}

export type ListController = ReturnType<typeof useListController>;
