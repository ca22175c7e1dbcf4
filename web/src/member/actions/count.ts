import { graphqlRequest } from '../../client/graphql';

/**
 * How many actions the viewer reads (the menu shows the page to those who have any). On its own
 * so the menu, part of every page's first load, does not bring the actions pages' code (photo
 * resizing, the form model) with it.
 */
export async function countMyActions(): Promise<number> {
  const d = await graphqlRequest<{ n: number }>(`query { n: countCorrectiveActionEntitys }`);
  return d.n;
}
