import { FormType } from '@hub/model';
import { hasRoleFact } from '@hub/model/roles';

export type FormTypeKey = keyof typeof FormType.values;
export const FORM_TYPES = Object.keys(FormType.values) as FormTypeKey[];

/** The short description each form category shows on its tile. */
export const FORM_TYPE_SUMMARY: Record<FormTypeKey, string> = {
  RISK_ASSESSMENT: 'Identify hazards and controls before the work starts.',
  INCIDENT: 'Report injuries, near misses, shocks and damage.',
  INSPECTIONS: 'Check sites, switchboards, plant and equipment.',
  PERMITS: 'Authorise hot work, live work and other high-risk tasks.',
  VERIFICATION: 'Record tests that prove an installation is safe.',
  PROJECT: 'Plan and start a project safely.',
  QUALITY: 'Record quality checks and their results.',
  WORKPLACE_RELATIONS: 'Keep records of workplace relations matters.',
  MEETING_AND_TRAINING: 'Toolbox meetings, safety meetings and training.',
};

const REDUCED: FormTypeKey[] = ['RISK_ASSESSMENT', 'INCIDENT', 'VERIFICATION', 'MEETING_AND_TRAINING'];

/** member-site.md, Safety: the marketing-tile roles see a reduced set; everyone else all but meetings. */
export function formTypesFor(role: string | null | undefined): FormTypeKey[] {
  if (hasRoleFact('marketingTile', role)) return REDUCED;
  return FORM_TYPES.filter((t) => t !== 'MEETING_AND_TRAINING');
}

export const formTypeLabel = (key: string) => (FormType.values as Record<string, string>)[key] ?? key;
