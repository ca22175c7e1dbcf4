import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { Selection } from '../crud/select';

/** The fields a resolver's client asked for, fragments resolved, keyed by field name. */
export function selectionOf(info: GraphQLResolveInfo): Selection {
  const out: Selection = {};
  for (const node of info.fieldNodes) if (node.selectionSet) collect(node.selectionSet, info, out);
  return out;
}

function collect(set: SelectionSetNode, info: GraphQLResolveInfo, out: Selection): void {
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) addField(s, info, out);
    else if (s.kind === Kind.INLINE_FRAGMENT) collect(s.selectionSet, info, out);
    else {
      const fragment = info.fragments[s.name.value];
      if (fragment) collect(fragment.selectionSet, info, out);
    }
  }
}

function addField(node: FieldNode, info: GraphQLResolveInfo, out: Selection): void {
  const name = node.name.value;
  if (!node.selectionSet) {
    out[name] = true;
    return;
  }
  const existing = out[name];
  const nested: Selection = existing && existing !== true ? existing : {};
  collect(node.selectionSet, info, nested);
  out[name] = nested;
}
