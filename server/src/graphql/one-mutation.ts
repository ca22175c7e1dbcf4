import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';

export const mutationMessages = {
  oneAtATime: 'Send one mutation at a time.',
} as const;

/** The root fields of a selection set, fragments (inline or spread) flattened; `__typename` does not count. */
function rootFields(
  set: SelectionSetNode,
  fragment: (name: string) => FragmentDefinitionNode | null | undefined,
  seen: Set<string>,
): number {
  let n = 0;
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) {
      if (s.name.value !== '__typename') n++;
    } else if (s.kind === Kind.INLINE_FRAGMENT) n += rootFields(s.selectionSet, fragment, seen);
    else if (!seen.has(s.name.value)) {
      seen.add(s.name.value);
      const def = fragment(s.name.value);
      if (def) n += rootFields(def.selectionSet, fragment, seen);
    }
  }
  return n;
}

/**
 * One mutation field per operation (issue 26): each mutation field commits in its own
 * transaction, so a second field failing after the first committed would answer an error
 * for a write that was kept. Nothing the hub's clients send carries two (docs/api.md), so an
 * operation with more than one mutation field (aliases of the same one included, whatever
 * their @skip/@include) is refused in validation, before any file is read or row written.
 */
export function oneMutationRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      if (node.operation !== 'mutation') return false;
      if (rootFields(node.selectionSet, (name) => context.getFragment(name), new Set()) > 1)
        context.reportError(new GraphQLError(mutationMessages.oneAtATime, { nodes: node }));
      return false;
    },
  };
}
