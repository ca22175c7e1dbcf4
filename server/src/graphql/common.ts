import type { Filter } from '../crud/conditions';
import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLError,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLString,
} from 'graphql';
import { COMPARISONS, enums, type EnumDef } from '@hub/model';
import { StagedUpload } from '../files/upload';

/**
 * Files in multipart requests (the GraphQL multipart request convention, read in http.ts).
 * Only a file part of the request is an Upload: a value written in the query or the
 * variables' JSON is refused.
 */
export const UploadScalar = new GraphQLScalarType({
  name: 'Upload',
  description: 'A file sent in a multipart request',
  serialize: () => {
    throw new Error('Upload is an input-only type');
  },
  parseValue: (v) => {
    if (v instanceof StagedUpload) return v;
    throw new GraphQLError('An Upload must be a file part of a multipart request');
  },
  parseLiteral: () => {
    throw new GraphQLError('An Upload must be a file part of a multipart request');
  },
});

export const ComparisonEnum = new GraphQLEnumType({
  name: 'Comparison',
  values: Object.fromEntries(COMPARISONS.map((c) => [c, { value: c }])),
});

export const CaseComparisonEnum = new GraphQLEnumType({
  name: 'CaseComparison',
  values: Object.fromEntries(
    [
      'CURRENT_CULTURE',
      'CURRENT_CULTURE_IGNORE_CASE',
      'INVARIANT_CULTURE',
      'INVARIANT_CULTURE_IGNORE_CASE',
      'ORDINAL',
      'ORDINAL_IGNORE_CASE',
    ].map((c) => [c, { value: c }]),
  ),
});

export const WhereInput = new GraphQLInputObjectType({
  name: 'WhereExpressionGraph',
  fields: {
    path: { type: new GraphQLNonNull(GraphQLString) },
    comparison: { type: new GraphQLNonNull(ComparisonEnum) },
    value: { type: new GraphQLList(GraphQLString) },
    case: { type: CaseComparisonEnum },
  },
});

const conditionsType = new GraphQLList(new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(WhereInput))));

export const HasInput = new GraphQLInputObjectType({
  name: 'HasConditionGraph',
  fields: {
    path: { type: new GraphQLNonNull(GraphQLString) },
    negate: { type: GraphQLBoolean },
    conditions: { type: conditionsType },
  },
});

export const OrderByInput = new GraphQLInputObjectType({
  name: 'OrderByGraph',
  fields: { path: { type: new GraphQLNonNull(GraphQLString) }, descending: { type: GraphQLBoolean } },
});

export const ReferenceInput = new GraphQLInputObjectType({
  name: 'ReferenceInput',
  description: 'A link to an existing record by id',
  fields: { id: { type: new GraphQLNonNull(GraphQLID) } },
});

export const FileType = new GraphQLObjectType({
  name: 'File',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID) },
    fileName: { type: GraphQLString },
    contentType: { type: GraphQLString },
    size: { type: GraphQLInt },
  },
});

const idList = new GraphQLList(new GraphQLNonNull(GraphQLID));

/** Arguments of list, count and bulk operations. */
export const filterArgs = {
  where: { type: new GraphQLList(new GraphQLNonNull(WhereInput)) },
  conditions: { type: conditionsType },
  ids: { type: idList },
  has: { type: new GraphQLList(new GraphQLNonNull(HasInput)) },
};

export const pageArgs = {
  skip: { type: GraphQLInt },
  take: { type: GraphQLInt },
  orderBy: { type: new GraphQLList(new GraphQLNonNull(OrderByInput)) },
};

export { idList };

const enumTypes = new Map<string, GraphQLEnumType>();
export function enumType(def: EnumDef): GraphQLEnumType {
  let t = enumTypes.get(def.name);
  if (!t) {
    t = new GraphQLEnumType({
      name: def.name,
      values: Object.fromEntries(Object.entries(def.values).map(([k, label]) => [k, { value: k, description: label as string }])),
    });
    enumTypes.set(def.name, t);
  }
  return t;
}
export const allEnumTypes = () => Object.values(enums).map((e) => enumType(e as EnumDef));

/** The filter part of a list's or count's GraphQL arguments. */
export const filterOf = (a: Record<string, unknown>): Filter => ({
  where: a.where as Filter['where'],
  conditions: a.conditions as Filter['conditions'],
  ids: a.ids as string[] | null,
  has: a.has as Filter['has'],
});
