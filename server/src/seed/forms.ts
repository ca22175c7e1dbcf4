import { FormType } from '@hub/model';
import { newCompleteSlide, newReviewSlide } from '@hub/model/forms';

type Question = Record<string, unknown>;
const q = (id: string, title: string, questionType: string, extra: Question = {}): Question => ({ id, title, questionType, ...extra });
const required = [{ validator: 'required' }];
const opts = (...values: string[]) => values.map((value, i) => ({ id: String(i + 1), value }));

const details = {
  name: 'Job details',
  contents: [
    q('jobNumber', 'Job number', 'jobNumber', { validators: required }),
    q('jobAddress', 'Job address', 'jobAddress', { validators: required }),
    q('date', 'Date', 'datetime', { validators: required }),
    q('supervisor', 'Supervisor', 'selectUserProfile'),
  ],
};

/** The form types of the demo: one published form each. */
export type DemoFormType = keyof typeof FormType.values;

const specific: Record<DemoFormType, { name: string; contents: Question[] }> = {
  RISK_ASSESSMENT: {
    name: 'Hazards and controls',
    contents: [
      q('task', 'Task or activity', 'textArea', { validators: required }),
      q('hazards', 'Hazards identified', 'multicombobox', {
        options: opts('Live conductors', 'Working at heights', 'Confined space', 'Manual handling', 'Asbestos'),
      }),
      q('heights', 'The work is done at heights', 'checkbox'),
      // Shown only when the box above is ticked (a show condition).
      q('fallProtection', 'Fall protection used', 'textArea', {
        validators: required,
        showConditions: [{ path: 'heights', condition: 'equal', value: true }],
      }),
      q('risk', 'Risk before controls', 'riskMatrix'),
      q('controls', 'Control measures', 'textArea', { validators: required }),
      q('residual', 'Residual risk', 'riskMatrix'),
      q('siteSketch', 'Sketch of the work area', 'canvasDraw', { toolTip: 'Mark isolation points, barriers and exclusion zones.' }),
    ],
  },
  INCIDENT: {
    name: 'What happened',
    contents: [
      q('incidentType', 'Incident type', 'radiobutton', { options: opts('Injury', 'Near miss', 'Property damage', 'Electric shock') }),
      // Photo evidence of the scene (issue 15): the filler shows Take photo and Choose from gallery here.
      q('description', 'Describe what happened', 'textArea', { validators: required, photos: true }),
      q('injured', 'Was anyone injured?', 'checkbox'),
      q('sketch', 'Sketch of the scene', 'canvasDraw'),
    ],
  },
  INSPECTIONS: {
    name: 'Inspection',
    contents: [
      q('area', 'Area inspected', 'text', { validators: required }),
      // A 'No' raises a corrective action (issue 15).
      q('switchboard', 'Switchboard labelled and secure', 'radiobutton', { options: opts('Yes', 'No', 'N/A'), raisesAction: true }),
      q('rcd', 'RCDs tested', 'radiobutton', { options: opts('Yes', 'No', 'N/A'), raisesAction: true }),
      q('defects', 'Defects found', 'textArea', { photos: true }),
    ],
  },
  PERMITS: {
    name: 'Permit',
    contents: [
      q('permitType', 'Permit type', 'combobox', { options: opts('Hot work', 'Live work', 'Confined space', 'Working at heights') }),
      q('isolation', 'Isolation points', 'textArea', { validators: required }),
      q('validUntil', 'Valid until', 'datetime'),
    ],
  },
  VERIFICATION: {
    name: 'Verification',
    contents: [
      q('testEquipment', 'Test equipment used', 'text'),
      q('insulation', 'Insulation resistance (MΩ)', 'number'),
      q('verified', 'Installation verified safe', 'checkbox', { validators: required }),
    ],
  },
  PROJECT: {
    name: 'Project',
    contents: [q('scope', 'Scope of works', 'textArea', { validators: required }), q('start', 'Start date', 'date')],
  },
  QUALITY: {
    name: 'Quality check',
    contents: [
      q('item', 'Item checked', 'text', { validators: required }),
      q('result', 'Result', 'radiobutton', { options: opts('Pass', 'Fail') }),
    ],
  },
  WORKPLACE_RELATIONS: {
    name: 'Workplace relations',
    contents: [q('matter', 'Matter', 'textArea', { validators: required }), q('confidential', 'Confidential', 'checkbox')],
  },
  MEETING_AND_TRAINING: {
    name: 'Toolbox meeting',
    contents: [
      q('topics', 'Topics discussed', 'textArea', { validators: required }),
      q('attendees', 'Attendees', 'textArea'),
      q('statement', 'Everyone present signed the attendance sheet.', 'statement', { className: 'Important' }),
    ],
  },
};

export const demoFormNames: Record<DemoFormType, string> = {
  RISK_ASSESSMENT: 'Job Safety Risk Assessment',
  INCIDENT: 'Incident Report',
  INSPECTIONS: 'Site Inspection',
  PERMITS: 'Permit to Work',
  VERIFICATION: 'Electrical Verification',
  PROJECT: 'Project Start-up',
  QUALITY: 'Quality Check',
  WORKPLACE_RELATIONS: 'Workplace Relations Record',
  MEETING_AND_TRAINING: 'Toolbox Meeting',
};

/**
 * Slides after the questions: the Risk Assessment, Incident Report and Site Inspection demos
 * notify someone on completion (the Complete Slide, the organisation's primary contact chosen
 * by default) and are reviewed by a manager (the review slide).
 */
export const NOTIFYING_FORM_TYPES: readonly DemoFormType[] = ['RISK_ASSESSMENT', 'INCIDENT', 'INSPECTIONS'];

function closingSlides(type: DemoFormType): unknown[] {
  return NOTIFYING_FORM_TYPES.includes(type) ? [newCompleteSlide(), newReviewSlide()] : [];
}

export function demoFormData(type: DemoFormType): string {
  return JSON.stringify({ slides: [details, specific[type], ...closingSlides(type)], pagination: { type: 'page' }, customOptions: [] });
}

/**
 * The demo form with a version history (the Forms Builder's draft prompt and the versions
 * page): version 1, an older definition still active; version 2, published, the one members
 * fill (demoFormData); version 3, a draft newer than the published version.
 */
export const DEMO_HISTORY_FORM: DemoFormType = 'QUALITY';

export function demoHistoryFormData(which: 'older' | 'draft'): string {
  const base = specific[DEMO_HISTORY_FORM];
  const contents =
    which === 'older'
      ? base.contents.filter((c) => c.id !== 'result')
      : [...base.contents, q('notes', 'Notes for the next check', 'textArea', { toolTip: 'Anything the next person should look at.' })];
  return JSON.stringify({ slides: [details, { ...base, contents }], pagination: { type: 'page' }, customOptions: [] });
}
