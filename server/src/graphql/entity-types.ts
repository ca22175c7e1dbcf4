import {
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
} from 'graphql';
import { getEntity, type EntityDef } from '@hub/model';
import { serverKindOf, type GraphqlEnv } from '../kinds';
import { FileType, ReferenceInput, UploadScalar, enumType } from './common';

const objectTypes = new Map<string, GraphQLObjectType>();
const inputTypes = new Map<string, GraphQLInputObjectType>();

/** What a kind's GraphQL fields are made of. */
const env: GraphqlEnv = {
  objectOf: (name) => objectType(getEntity(name)),
  enumOf: enumType,
  fileType: FileType,
  upload: UploadScalar,
  referenceInput: ReferenceInput,
};

/** The GraphQL object type of an entity, derived from its declaration. */
export function objectType(entity: EntityDef): GraphQLObjectType {
  let t = objectTypes.get(entity.name);
  if (t) return t;
  t = new GraphQLObjectType({
    name: entity.name,
    description: entity.label,
    fields: () => {
      const fields: GraphQLFieldConfigMap<unknown, unknown> = {
        id: { type: new GraphQLNonNull(GraphQLID) },
        created: { type: GraphQLString, description: "Created, as 'YYYY-MM-DD HH:mm:ss' (UTC)" },
        modified: { type: GraphQLString, description: "Modified, as 'YYYY-MM-DD HH:mm:ss' (UTC)" },
      };
      for (const [name, field] of Object.entries(entity.fields)) {
        if (!field.writeOnly) Object.assign(fields, serverKindOf(field).graphql.output(name, field, env));
      }
      return fields;
    },
  });
  objectTypes.set(entity.name, t);
  return t;
}

/** The input type of create and update (`AssetEntityInput`). */
export function inputType(entity: EntityDef): GraphQLInputObjectType {
  let t = inputTypes.get(entity.name);
  if (t) return t;
  t = new GraphQLInputObjectType({
    name: `${entity.name}Input`,
    fields: () => {
      const fields: GraphQLInputFieldConfigMap = { id: { type: GraphQLID } };
      for (const [name, field] of Object.entries(entity.fields)) {
        if (!field.readOnly || (field.kind === 'derived' && field.writtenByHook))
          Object.assign(fields, serverKindOf(field).graphql.input(name, field, env));
      }
      if (entity.rules?.includes('confirmPassword')) fields.confirmPassword = { type: GraphQLString };
      return fields;
    },
  });
  inputTypes.set(entity.name, t);
  return t;
}
