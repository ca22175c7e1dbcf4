import { isUuid } from '@hub/model';
import { graphqlRequest } from '../../client/graphql';
import type { Where } from '../../admin/list/query';

/** An asset as the Link asset section shows it. */
export interface AssetRef {
  id: string;
  description: string;
  assetID?: string | null;
  status?: string | null;
}

/** How far up a parent chain is followed (a chain longer than this is refused by the server anyway). */
export const MAX_ASSET_DEPTH = 20;
/** Candidates offered per search (reference lookups take 10, data-layer.md 9). */
export const CANDIDATES_TAKE = 10;

export const IN_SERVICE: Where[][] = [[{ path: 'status', comparison: 'equal', value: ['IN_SERVICE'] }]];
export const OUT_OF_SERVICE: Where[][] = [[{ path: 'status', comparison: 'equal', value: ['OUT_OF_SERVICE'] }]];

/** The asset's organisation, parent and children (what the generic record query leaves out). */
export async function assetLinks(id: string) {
  const d = await graphqlRequest<{
    r: {
      id: string;
      description: string;
      status: string;
      memberOrganisationId: string | null;
      parentAssetId: string | null;
      assetss: AssetRef[] | null;
    } | null;
  }>(
    `query($id: ID!) { r: assetEntity(id: $id) { id description status memberOrganisationId parentAssetId assetss { id description assetID status } } }`,
    {
      id,
    },
  );
  return d.r;
}

/** The ids of an asset's ancestors (parent, its parent...), nearest first. */
export async function ancestorsOf(parentId: string | null): Promise<string[]> {
  const out: string[] = [];
  let next = parentId;
  while (next && isUuid(next) && !out.includes(next) && out.length < MAX_ASSET_DEPTH) {
    out.push(next);
    const d = await graphqlRequest<{ r: { parentAssetId: string | null } | null }>(
      `query($id: ID!) { r: assetEntity(id: $id) { parentAssetId } }`,
      { id: next },
    );
    next = d.r?.parentAssetId ?? null;
  }
  return out;
}

/**
 * The conditions of assets that may become children (member-site.md 4): in service, without a
 * parent, of the same organisation, never the asset itself or one of its ancestors.
 */
export function candidateConditions(opts: { self?: string; ancestors: string[]; organisationId?: string | null; text: string }): Where[][] {
  const c: Where[][] = [...IN_SERVICE, [{ path: 'parentAssetId', comparison: 'equal', value: [null] }]];
  const excluded = [opts.self, ...opts.ancestors].filter((x): x is string => !!x);
  if (excluded.length) c.push([{ path: 'id', comparison: 'notIn', value: excluded }]);
  if (opts.organisationId) c.push([{ path: 'memberOrganisationId', comparison: 'equal', value: [opts.organisationId] }]);
  const term = opts.text.trim();
  if (term)
    c.push([
      { path: 'description', comparison: 'contains', value: [term] },
      { path: 'assetID', comparison: 'contains', value: [term] },
    ]);
  return c;
}

export async function candidateAssets(conditions: Where[][]): Promise<AssetRef[]> {
  const d = await graphqlRequest<{ r: AssetRef[] }>(
    `query($c: [[WhereExpressionGraph!]!]) { r: assetEntitys(conditions: $c, take: ${CANDIDATES_TAKE}, orderBy: [{path: "description"}]) { id description assetID status } }`,
    { c: conditions },
  );
  return d.r;
}
