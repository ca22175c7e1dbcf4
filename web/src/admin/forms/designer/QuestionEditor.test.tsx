import { MantineProvider } from '@mantine/core';
import { allQuestions, updateQuestion, type FormDefinition, type Question } from '@hub/model/forms';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { useConditionTargets } from './ConditionsEditor';
import { QuestionEditor } from './QuestionEditor';

afterEach(cleanup);

const q = (id: string, questionType: Question['questionType'], extra: Partial<Question> = {}): Question => ({
  id,
  title: `Title ${id}`,
  questionType,
  ...extra,
});
const opts = (...values: string[]) => values.map((value, i) => ({ id: `o${i + 1}`, value }));

function definition(edited: Question, others: Question[] = []): FormDefinition {
  return { slides: [{ name: 'S', contents: [edited, ...others] }], pagination: { type: 'page' }, customOptions: [] };
}

/** The editor applying its patches through the model, as the designer does; `changes` records every call. */
function renderEditor(def: FormDefinition, questionId = 'q') {
  const changes = vi.fn<(patch: Partial<Question>, key?: string) => void>();
  let latest = def;
  function Harness() {
    const [current, setCurrent] = useState(def);
    return (
      <QuestionEditor
        question={allQuestions(current).find((x) => x.id === questionId)}
        questionId={questionId}
        targets={useConditionTargets(current, questionId)}
        onClose={() => {}}
        onChange={(patch, key) => {
          changes(patch, key);
          const result = updateQuestion(current, questionId, patch);
          if (result.ok) {
            latest = result.definition;
            setCurrent(result.definition);
          }
        }}
      />
    );
  }
  render(
    <MantineProvider theme={theme} env="test">
      <Harness />
    </MantineProvider>,
  );
  const question = () => allQuestions(latest).find((x) => x.id === questionId)!;
  return { changes, question };
}

const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const choices = (select: HTMLElement) =>
  [...(select as HTMLSelectElement).options].map((o) => ({ value: o.value, label: o.textContent, disabled: o.disabled }));
const condition = (n: number) => within(screen.getByRole('group', { name: `Condition ${n}` }));

describe('QuestionEditor: fields', () => {
  it('shows the type name, edits title, tooltip and class with coalescing keys, and closes', () => {
    const onClose = vi.fn();
    const changes = vi.fn();
    render(
      <MantineProvider theme={theme} env="test">
        <QuestionEditor question={q('q', 'text')} questionId="q" targets={[]} onChange={changes} onClose={onClose} />
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Text' })).toBeTruthy();
    type(screen.getByLabelText('Title'), 'Your name');
    expect(changes).toHaveBeenLastCalledWith({ title: 'Your name' }, 'q.title');
    type(screen.getByLabelText('Tooltip'), 'As on your licence');
    expect(changes).toHaveBeenLastCalledWith({ toolTip: 'As on your licence' }, 'q.toolTip');
    type(screen.getByLabelText('Class'), 'wide');
    expect(changes).toHaveBeenLastCalledWith({ className: 'wide' }, 'q.className');
    // A statement's text is not offered for a text question.
    expect(screen.queryByLabelText('Content')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("offers 'Raise a corrective action on No' on choice questions with a 'No' option (issue 15)", () => {
    const { question } = renderEditor(definition(q('q', 'radiobutton', { options: opts('Yes', 'No') })));
    const box = screen.getByRole('checkbox', { name: /Raise a corrective action on No/ });
    expect((box as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(box);
    expect(question().raisesAction).toBe(true);
    fireEvent.click(box);
    expect(question().raisesAction).toBeUndefined();
    cleanup();
    // Without a 'No' option it is there but cannot be ticked; other types do not offer it.
    renderEditor(definition(q('q', 'list', { options: opts('Red', 'Green') })));
    expect((screen.getByRole('checkbox', { name: /Raise a corrective action on No/ }) as HTMLInputElement).disabled).toBe(true);
    cleanup();
    renderEditor(definition(q('q', 'text')));
    expect(screen.queryByRole('checkbox', { name: /Raise a corrective action on No/ })).toBeNull();
  });

  it('offers the radio layouts and statement styles the filler draws, and a statement its content', () => {
    const { changes } = renderEditor(definition(q('q', 'radiobutton', { options: opts('Yes', 'No') })));
    const layout = screen.getByLabelText('Layout');
    expect(choices(layout).map((c) => c.label)).toEqual(['Vertical', 'Horizontal']);
    fireEvent.change(layout, { target: { value: 'horizontal' } });
    expect(changes).toHaveBeenLastCalledWith({ className: 'horizontal' }, undefined);
    cleanup();

    const s = renderEditor(definition(q('q', 'statement', { className: 'Light', content: '' })));
    expect(screen.getByRole('heading', { name: 'Statement' })).toBeTruthy();
    expect(choices(screen.getByLabelText('Style')).map((c) => c.label)).toEqual(['Light', 'Important']);
    fireEvent.change(screen.getByLabelText('Style'), { target: { value: 'Important' } });
    type(screen.getByLabelText('Content'), 'Wear gloves');
    expect(s.changes).toHaveBeenLastCalledWith({ content: 'Wear gloves' }, 'q.content');
    expect(s.question()).toMatchObject({ className: 'Important', content: 'Wear gloves' });
    // Statements hold no answer: no validators.
    expect(screen.queryByText('Validators')).toBeNull();
  });

  it('sets whole numbers on a number question with the class the filler reads', () => {
    const { question } = renderEditor(definition(q('q', 'number')));
    fireEvent.click(screen.getByLabelText('Whole numbers only'));
    expect(question().className).toBe('integer');
  });

  it('shows a section its question count and where to edit them', () => {
    renderEditor(definition(q('q', 'formSection', { contents: [q('a', 'text'), q('b', 'number')] })));
    expect(screen.getByRole('heading', { name: 'Form Section' })).toBeTruthy();
    expect(screen.getByText('2 questions')).toBeTruthy();
    expect(screen.getByText(/in the slide list/)).toBeTruthy();
  });
});

describe('QuestionEditor: options', () => {
  it('adds, renames, reorders and removes options, keeping one and their ids', () => {
    const { changes, question } = renderEditor(definition(q('q', 'list', { options: opts('Red', 'Green') })));
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    const added = question().options!;
    expect(added.map((o) => o.value)).toEqual(['Red', 'Green', 'Option 3']);
    expect(new Set(added.map((o) => o.id)).size).toBe(3);
    expect(added.slice(0, 2).map((o) => o.id)).toEqual(['o1', 'o2']);

    type(screen.getByLabelText('Option 3'), 'Blue');
    expect(changes).toHaveBeenLastCalledWith(
      { options: [added[0], added[1], { id: added[2].id, value: 'Blue' }] },
      `q.options.${added[2].id}`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Move Blue up' }));
    expect(question().options!.map((o) => o.value)).toEqual(['Red', 'Blue', 'Green']);
    expect(changes.mock.lastCall?.[1]).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Move Red down' }));
    expect(question().options!.map((o) => o.value)).toEqual(['Blue', 'Red', 'Green']);
    expect((screen.getByRole('button', { name: 'Move Blue up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Green down' }) as HTMLButtonElement).disabled).toBe(true);
    // Renaming keeps the id.
    expect(question().options!.find((o) => o.value === 'Blue')!.id).toBe(added[2].id);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Red' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Green' }));
    expect(question().options!.map((o) => o.value)).toEqual(['Blue']);
    expect((screen.getByRole('button', { name: 'Remove Blue' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('warns of two options with one value', () => {
    renderEditor(definition(q('q', 'radiobutton', { options: opts('Yes', 'No') })));
    expect(screen.queryByText(/Another option has this value/)).toBeNull();
    type(screen.getByLabelText('Option 2'), 'Yes ');
    expect(screen.getAllByText('Another option has this value: members see it once')).toHaveLength(2);
  });
});

describe('QuestionEditor: show conditions', () => {
  const targets = [
    q('r', 'radiobutton', { title: 'Weather', options: opts('Sunny', 'Rain') }),
    q('n', 'number', { title: 'Height' }),
    q('t', 'text', { title: 'Site' }),
    q('c', 'checkbox', { title: 'Harness worn' }),
    q('m', 'multicombobox', { title: 'Hazards', options: opts('Heat', 'Wind', 'Dust') }),
    q('s', 'statement', { title: 'Read me' }),
  ];

  it('offers every other question by title, with only its type operators', () => {
    renderEditor(definition(q('q', 'text', { title: 'Edited' }), targets));
    expect(screen.getByText('Shown only when all conditions hold')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    const target = condition(1).getByLabelText('Question');
    // Not the question itself, not a statement (nothing to compare).
    expect(choices(target).map((c) => c.label)).toEqual(['Weather', 'Height', 'Site', 'Harness worn', 'Hazards']);

    expect(choices(condition(1).getByLabelText('Operator'))).toEqual([{ value: 'equal', label: 'equals', disabled: false }]);
    type(target, 'n');
    expect(choices(condition(1).getByLabelText('Operator')).map((c) => c.value)).toEqual([
      'equal',
      'notEqual',
      'contains',
      'greaterThan',
      'greaterThanOrEqual',
      'lessThan',
      'lessThanOrEqual',
    ]);
    expect(choices(condition(1).getByLabelText('Operator')).map((c) => c.label)).toContain('is greater than');
    type(target, 't');
    expect(choices(condition(1).getByLabelText('Operator')).map((c) => c.label)).toEqual(['equals', 'does not equal', 'contains']);
    type(target, 'c');
    expect(choices(condition(1).getByLabelText('Operator')).map((c) => c.label)).toEqual(['equals', 'does not equal']);
  });

  it('resets an operator the new target does not take, keeps one it does', () => {
    const { question } = renderEditor(
      definition(q('q', 'text', { showConditions: [{ path: 'n', condition: 'greaterThan', value: 3 }] }), targets),
    );
    type(condition(1).getByLabelText('Question'), 't');
    expect(question().showConditions).toEqual([{ path: 't', condition: 'equal', value: '' }]);
    type(condition(1).getByLabelText('Operator'), 'contains');
    type(condition(1).getByLabelText('Question'), 'n');
    expect(question().showConditions![0]).toMatchObject({ path: 'n', condition: 'contains' });
    type(condition(1).getByLabelText('Question'), 'r');
    expect(question().showConditions).toEqual([{ path: 'r', condition: 'equal', value: 'Sunny' }]);
  });

  it('takes a value shaped like the target answer', () => {
    const { changes, question } = renderEditor(definition(q('q', 'text'), targets));
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    // radiobutton: one of its options.
    expect(choices(condition(1).getByLabelText('Value')).map((c) => c.label)).toEqual(['Select an option', 'Sunny', 'Rain']);
    type(condition(1).getByLabelText('Value'), 'Rain');
    expect(question().showConditions![0].value).toBe('Rain');
    // checkbox: ticked or not, as a boolean.
    type(condition(1).getByLabelText('Question'), 'c');
    type(condition(1).getByLabelText('Value'), 'false');
    expect(question().showConditions![0]).toEqual({ path: 'c', condition: 'equal', value: false });
    // number: typed text becomes a number, with the coalescing key.
    type(condition(1).getByLabelText('Question'), 'n');
    type(condition(1).getByLabelText('Value'), '2.5');
    expect(changes).toHaveBeenLastCalledWith(
      { showConditions: [{ path: 'n', condition: 'equal', value: 2.5 }] },
      'q.showConditions.0.value',
    );
    type(condition(1).getByLabelText('Value'), 'tall');
    expect(screen.getByText('The value must be a number')).toBeTruthy();
    // multicombobox: several of its options.
    type(condition(1).getByLabelText('Question'), 'm');
    fireEvent.click(condition(1).getByLabelText('Wind'));
    fireEvent.click(condition(1).getByLabelText('Heat'));
    expect(question().showConditions![0]).toEqual({ path: 'm', condition: 'equal', value: ['Heat', 'Wind'] });
  });

  it('words date comparisons as before and after and takes a day and time for a datetime', () => {
    const { question } = renderEditor(
      definition(q('q', 'text', { showConditions: [{ path: 'w', condition: 'lessThan', value: '2025-03-01T09:30' }] }), [
        q('d', 'date', { title: 'Inspected on' }),
        q('w', 'datetime', { title: 'Work starts' }),
      ]),
    );
    expect(choices(condition(1).getByLabelText('Operator')).map((c) => c.label)).toEqual([
      'is on',
      'is not on',
      'is after',
      'is on or after',
      'is before',
      'is on or before',
    ]);
    expect((condition(1).getByLabelText('Value') as HTMLInputElement).value).toBe('01/03/2025');
    type(condition(1).getByLabelText('Time for Value'), '16:45');
    expect(question().showConditions).toEqual([{ path: 'w', condition: 'lessThan', value: '2025-03-01T16:45' }]);
    // Same kind of answer, same operators: the value no longer fits a day, so it resets.
    type(condition(1).getByLabelText('Question'), 'd');
    expect(question().showConditions).toEqual([{ path: 'd', condition: 'lessThan', value: '' }]);
  });

  it('removes a condition row', () => {
    const { question } = renderEditor(
      definition(
        q('q', 'text', {
          showConditions: [
            { path: 'r', condition: 'equal', value: 'Sunny' },
            { path: 'c', condition: 'equal', value: true },
          ],
        }),
        targets,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove condition 1' }));
    expect(question().showConditions).toEqual([{ path: 'c', condition: 'equal', value: true }]);
    expect(screen.queryByRole('group', { name: 'Condition 2' })).toBeNull();
  });
});

describe('QuestionEditor: validators', () => {
  it('offers only the type validators, each once, a used one disabled', () => {
    const { question } = renderEditor(definition(q('q', 'text', { validators: [{ path: 'q', validator: 'required' }] })));
    const add = screen.getByLabelText('Add a validator');
    expect(choices(add)).toEqual([
      { value: 'required', label: 'Required (in use)', disabled: true },
      { value: 'email', label: 'Email', disabled: false },
      { value: 'phone', label: 'Phone', disabled: false },
      { value: 'custom', label: 'Custom pattern', disabled: false },
    ]);
    type(add, 'phone');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(question().validators).toEqual([
      { path: 'q', validator: 'required' },
      { path: 'q', validator: 'phone' },
    ]);
    expect(choices(screen.getByLabelText('Add a validator')).find((c) => c.value === 'phone')?.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove validator Required' }));
    expect(question().validators).toEqual([{ path: 'q', validator: 'phone' }]);
  });

  it('checks a custom pattern as it is typed', () => {
    const { changes, question } = renderEditor(definition(q('q', 'text')));
    type(screen.getByLabelText('Add a validator'), 'custom');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const pattern = screen.getByLabelText('Pattern for Custom pattern');
    type(pattern, '^[A-Z');
    expect(screen.getByText(/^Not a valid regular expression/)).toBeTruthy();
    expect(changes).toHaveBeenLastCalledWith(
      { validators: [{ path: 'q', validator: 'custom', additionalData: '^[A-Z' }] },
      'q.validators.custom.additionalData',
    );
    type(pattern, '^[A-Z]\\d+$');
    expect(screen.queryByText(/^Not a valid regular expression/)).toBeNull();
    expect(question().validators![0].additionalData).toBe('^[A-Z]\\d+$');
  });

  it('shows a new number check’s empty box as a hint, and as an error once left empty', () => {
    renderEditor(definition(q('q', 'number')));
    type(screen.getByLabelText('Add a validator'), 'greaterThan');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const box = screen.getByLabelText('Number for Greater than');
    expect(box.getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByText('Without a number this check is skipped')).toBeTruthy();
    fireEvent.blur(box);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Without a number this check is skipped')).toBeTruthy();
  });

  it('takes a number for a number comparison and a date for after', () => {
    const n = renderEditor(definition(q('q', 'number')));
    expect(choices(screen.getByLabelText('Add a validator')).map((c) => c.value)).toEqual([
      'required',
      'equalNumber',
      'notEqualNumber',
      'greaterThan',
      'greaterThanOrEqual',
      'lessThan',
      'lessThanOrEqual',
    ]);
    type(screen.getByLabelText('Add a validator'), 'greaterThan');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    type(screen.getByLabelText('Number for Greater than'), '10');
    expect(n.question().validators).toEqual([{ path: 'q', validator: 'greaterThan', additionalData: 10 }]);
    cleanup();

    const d = renderEditor(definition(q('q', 'datetime')));
    type(screen.getByLabelText('Add a validator'), 'after');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(d.question().validators).toEqual([{ path: 'q', validator: 'after' }]);
    expect(screen.getByText('Without a date this check is skipped')).toBeTruthy();
    // No time without a day.
    expect((screen.getByLabelText('Time for Date for After a date') as HTMLInputElement).disabled).toBe(true);
    cleanup();

    const t = renderEditor(
      definition(q('q', 'datetime', { validators: [{ path: 'q', validator: 'after', additionalData: '2025-03-01T09:30' }] })),
    );
    // The day as the hub shows days, the time beside it.
    expect((screen.getByLabelText('Date for After a date') as HTMLInputElement).value).toBe('01/03/2025');
    type(screen.getByLabelText('Time for Date for After a date'), '10:15');
    expect(t.question().validators).toEqual([{ path: 'q', validator: 'after', additionalData: '2025-03-01T10:15' }]);
  });
});
