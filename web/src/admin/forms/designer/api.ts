import { parseFormDefinition, emptyDefinition, type FormDefinition, type FormVersions, type VersionSummary } from '@hub/model/forms';
import { graphqlRequest } from '../../../client/graphql';

/** A form as the designer reads it (back-office.md section 3: form, form version). */
export interface DesignerForm extends FormVersions {
  id: string;
  name: string;
  formType: string | null;
  status: string | null;
  formVersions: (VersionSummary & { status?: string | null })[];
}

const VERSION_FIELDS = 'id version created modified active formData status inUse';

const FORM_QUERY = `query DesignerForm($id: ID!) {
  formsEntity(id: $id) { id name formType publishedVersionId status formVersions { ${VERSION_FIELDS} } }
}`;

/** The form and all its versions, read fresh (network-only). */
export async function loadForm(id: string): Promise<DesignerForm> {
  const data = await graphqlRequest<{ formsEntity: DesignerForm | null }>(FORM_QUERY, { id });
  if (!data.formsEntity) throw new Error(`No form with id ${id}`);
  const form = data.formsEntity;
  return { ...form, publishedVersionId: form.publishedVersionId ?? null, formVersions: form.formVersions ?? [] };
}

/**
 * A version's formData (a JSON string on the wire) as a definition. Missing data opens empty;
 * data the model's schema refuses is an error naming its path (never silently replaced).
 */
export function definitionOf(version: VersionSummary): FormDefinition {
  if (version.formData == null || version.formData === '') return emptyDefinition();
  const parsed = parseFormDefinition(version.formData);
  if (!parsed.ok) throw new Error(`Version ${version.version} has an unreadable definition: ${parsed.message}`);
  return parsed.definition;
}

export interface SavedVersion {
  id: string;
  created: string;
  modified: string;
  formId: string;
  formData: string;
  version: number;
}

/**
 * Saves the definition as a form version (back-office.md section 7): 'create' sends a new
 * version without id, 'update' keeps the selected version's id. `publishVersion` makes it the
 * form's published version.
 */
export async function saveVersion(
  decision: 'create' | 'update',
  args: { formId: string; versionId: string | null; definition: FormDefinition; publishVersion: boolean },
): Promise<SavedVersion> {
  const op = decision === 'create' ? 'createFormsEntityFormVersion' : 'updateFormsEntityFormVersion';
  const model: Record<string, unknown> = {
    formId: args.formId,
    formData: JSON.stringify(args.definition),
    publishVersion: args.publishVersion,
    active: true,
  };
  if (decision === 'update') model.id = args.versionId;
  const query = `mutation SaveFormVersion($models: [FormsEntityFormVersionInput!]!) {
  ${op}(formsEntityFormVersionModels: $models) { id created modified formId formData version }
}`;
  const data = await graphqlRequest<Record<string, SavedVersion[]>>(query, { models: [model] });
  const saved = data[op]?.[0];
  if (!saved) throw new Error('The server saved no version');
  return saved;
}
