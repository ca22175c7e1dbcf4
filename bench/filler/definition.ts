import type { FormDefinition, Question, QuestionType } from '@hub/model/forms';

const OPTIONS = ['Yes', 'No', 'Not applicable', 'Unsure'].map((value, i) => ({ id: `o${i}`, value }));

/** The mix of question types in the benchmark form, repeated to the count asked. */
const MIX: QuestionType[] = [
  'text',
  'textArea',
  'number',
  'checkbox',
  'text',
  'date',
  'radiobutton',
  'list',
  'text',
  'combobox',
  'jobNumber',
  'number',
  'statement',
  'multicombobox',
  'text',
  'datetime',
  'jobAddress',
  'checkbox',
  'textArea',
  'selectUserProfile',
];

/**
 * A one-slide form of `count` questions of every light type (plus a few risk matrices, a
 * drawing and a section), with required fields and show conditions, pagination 'scroll'.
 */
export function benchDefinition(count = 200): FormDefinition {
  const contents: Question[] = [];
  for (let i = 0; contents.length < count; i++) {
    const id = `q${i + 1}`;
    let type: QuestionType = MIX[i % MIX.length];
    if (i === 40 || i === 140) type = 'riskMatrix';
    if (i === 90) type = 'canvasDraw';
    const q: Question = { id, title: `Question ${i + 1}: ${type}`, questionType: type };
    if (['radiobutton', 'list', 'combobox', 'multicombobox'].includes(type)) q.options = OPTIONS;
    if (type === 'statement') {
      q.className = i % 40 === 12 ? 'Important' : 'Light';
      q.content = 'Check the work area before starting and report anything unsafe to the worker in charge.';
    }
    if (i % 5 === 0) q.validators = [{ path: id, validator: 'required' }];
    if (i % 17 === 3) q.toolTip = 'Describe what you observed.';
    // The question after each second checkbox shows only when that checkbox is ticked.
    if (i % 20 === 18) q.showConditions = [{ path: `q${i}`, condition: 'equal', value: true }];
    if (i === 150) {
      q.questionType = 'formSection';
      q.title = 'Section: equipment';
      q.contents = [
        { id: `${id}a`, title: 'Equipment name', questionType: 'text' },
        { id: `${id}b`, title: 'Tagged out', questionType: 'checkbox' },
      ];
    }
    contents.push(q);
  }
  return { slides: [{ name: 'Inspection', contents }], pagination: { type: 'scroll' }, customOptions: [] };
}
