import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql';
import { getEntity, type EntityDef, type Field } from '@hub/model';
import { FileType, ReferenceInput, UploadScalar, enumType } from './common';

const objectTypes = new Map<string, GraphQLObjectType>();
const inputTypes = new Map<string, GraphQLInputObjectType>();

function scalarOf(field: Field): GraphQLOutputType & GraphQLInputType {
  switch (field.kind) {
    case 'integer':
      return GraphQLInt;
    case 'number':
      return GraphQLFloat;
    case 'boolean':
      return GraphQLBoolean;
    case 'enum':
      return enumType(field.enum);
    default:
      return GraphQLString;
  }
}

const describe = (field: Field) => field.description ?? field.label;

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
        if (field.writeOnly) continue;
        if (field.kind === 'reference') {
          fields[`${name}Id`] = { type: GraphQLID };
          fields[name] = { type: objectType(getEntity(field.target)), description: describe(field) };
        } else if (field.kind === 'file') {
          fields[`${name}Id`] = { type: GraphQLID };
          fields[name] = { type: FileType, description: describe(field) };
        } else if (field.kind === 'children' || field.kind === 'links') {
          const target = getEntity(field.kind === 'links' ? field.target! : field.target);
          fields[name] = { type: new GraphQLList(new GraphQLNonNull(objectType(target))), description: describe(field) };
        } else fields[name] = { type: scalarOf(field), description: describe(field) };
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
        if (field.readOnly) continue;
        if (field.kind === 'reference') fields[`${name}Id`] = { type: GraphQLID };
        else if (field.kind === 'file') {
          fields[`${name}Id`] = { type: GraphQLID, description: `An already uploaded ${field.label ?? name}` };
          fields[name] = { type: UploadScalar, description: `${field.label ?? name} as a file of the multipart request` };
        } else if (field.kind === 'children' || field.kind === 'links')
          fields[name] = { type: new GraphQLList(new GraphQLNonNull(ReferenceInput)) };
        else fields[name] = { type: scalarOf(field), description: describe(field) };
      }
      if (entity.rules?.includes('confirmPassword')) fields.confirmPassword = { type: GraphQLString };
      return fields;
    },
  });
  inputTypes.set(entity.name, t);
  return t;
}
