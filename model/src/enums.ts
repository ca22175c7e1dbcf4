/** Enumerations of data-layer.md section 4: wire values mapped to display names. */
export interface EnumDef<V extends string = string> {
  readonly name: string;
  readonly values: Readonly<Record<V, string>>;
}

function defineEnum<const V extends string>(name: string, values: Record<V, string>): EnumDef<V> {
  return { name, values };
}

export const AssetType = defineEnum('AssetType', {
  PLANT: 'Plant',
  LADDER: 'Ladder',
  HARNESS: 'Harness',
  INSTRUMENT: 'Instrument',
  TOOL: 'Tool',
  SAFETY_EQUIPMENT: 'Safety Equipment',
  ELECTRICAL_EQUIPMENT: 'Electrical Equipment',
  OTHER: 'Other',
});

export const AssetStatus = defineEnum('AssetStatus', {
  IN_SERVICE: 'In Service',
  OUT_OF_SERVICE: 'Out of Service',
});

export const InspectionFrequency = defineEnum('InspectionFrequency', {
  ONE_MONTH: '1 month',
  THREE_MONTHS: '3 months',
  SIX_MONTHS: '6 months',
  NOT_APPLICABLE: 'N/A',
});

export const DocumentStatus = defineEnum('DocumentStatus', {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  PENDING: 'Pending',
});

export const FeedbackCategory = defineEnum('FeedbackCategory', {
  FEEDBACK: 'Feedback',
  HELP: 'Help',
});

export const LicenceStatus = defineEnum('LicenceStatus', {
  PENDING: 'Pending',
  ACTIVE: 'Active',
  EXPIRED: 'Expired',
});

export const LicenceType = defineEnum('LicenceType', {
  ELECTRICAL: 'Electrical',
  DRIVER: 'Driver',
  PERMIT: 'Permit',
  COMPETENCY: 'Competency',
  INDUCTION: 'Induction',
  OTHER: 'Other',
});

export const ReminderType = defineEnum('ReminderType', {
  REMINDER_ONE: 'Reminder One',
  REMINDER_TWO: 'Reminder Two',
  DUE_DATE: 'Due Date',
});

export const TriggerType = defineEnum('TriggerType', {
  LICENCE_DUE: 'Licence Due',
  ASSET_INSPECTION: 'Asset Inspection',
  ASSET_SERVICE: 'Asset Service',
  ASSET_REGISTRATION: 'Asset Registration',
  DOCUMENT_ANNUAL_REVIEW: 'Document Annual Review',
  LICENCE_PENDING: 'Licence Pending',
  DOCUMENT_PENDING: 'Document Pending',
  CORRECTIVE_ACTION_DUE: 'Corrective Action Due',
});

export const State = defineEnum('State', {
  QLD: 'QLD',
  NSW: 'NSW',
  VIC: 'VIC',
  TAS: 'TAS',
  SA: 'SA',
  WA: 'WA',
  ACT: 'ACT',
  NT: 'NT',
  UNKNOWN: 'Unknown',
  UNSUCCESSFUL: 'Unsuccessful',
});

export const Priority = defineEnum('Priority', { LOW: 'low', MODERATE: 'moderate', HIGH: 'high' });

/** A corrective action (issue 15) is open until it is closed with a comment. */
export const CorrectiveActionStatus = defineEnum('CorrectiveActionStatus', { OPEN: 'Open', CLOSED: 'Closed' });

/** MEETING_AND_TRAINING's display name is not given by the spec; ours reads naturally. */
export const FormType = defineEnum('FormType', {
  RISK_ASSESSMENT: 'Risk Assessment',
  INCIDENT: 'Incident',
  INSPECTIONS: 'Inspections',
  PERMITS: 'Permits',
  VERIFICATION: 'Verification',
  PROJECT: 'Project',
  QUALITY: 'Quality',
  WORKPLACE_RELATIONS: 'Workplace Relations',
  MEETING_AND_TRAINING: 'Meetings and Training',
});

export const TimelineAction = defineEnum('TimelineAction', {
  CREATED: 'Created',
  UPDATED: 'Updated',
  DELETED: 'Deleted',
});

export const SearchType = defineEnum('SearchType', {
  LIBRARY: 'Library',
  SAFETY: 'Safety',
  STANDARD: 'Standard',
  GUIDANCE: 'Guidance',
});

/** The single fixed option of a form tile. */
export const FormTile = defineEnum('FormTile', { FORM_TILE: 'Form tile' });

export const enums = {
  AssetType,
  AssetStatus,
  InspectionFrequency,
  DocumentStatus,
  FeedbackCategory,
  LicenceStatus,
  LicenceType,
  ReminderType,
  TriggerType,
  State,
  Priority,
  CorrectiveActionStatus,
  FormType,
  TimelineAction,
  SearchType,
  FormTile,
};

export function enumLabel(def: EnumDef, value: string | null | undefined): string {
  if (value == null) return '';
  return (def.values as Record<string, string>)[value] ?? value;
}
