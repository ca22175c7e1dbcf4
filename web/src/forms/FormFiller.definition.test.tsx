import { MantineProvider } from '@mantine/core';
import type { FormDefinition, Question } from '@hub/model/forms';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme';
import { FormFiller, type FormFillerProps } from './FormFiller';
import { makeDefinition, options, question, required, step, type } from './test-utils';

/** The designer's live preview: one filler, never remounted, given each edited definition. */
function preview(props: Partial<FormFillerProps> & { definition: FormDefinition }) {
  return (
    <MantineProvider theme={theme} env="test">
      <FormFiller mode="preview" {...props} />
    </MantineProvider>
  );
}

const safe = question('safe', 'radiobutton', { title: 'Is the switchboard safe?', options: options('Yes', 'No') });
const fault = (extra: Partial<Question> = {}) => question('fault', 'text', { title: 'Describe the fault', ...extra });
const whenUnsafe: Question['showConditions'] = [{ path: 'safe', condition: 'equal', value: 'No' }];
const form = (...contents: Question[]) => makeDefinition([{ name: 'Switchboard', contents }]);

describe('FormFiller following edits of its definition (the designer preview)', () => {
  it('hides a question as soon as a show condition is added to it, shows it again when removed, keeping the answers', () => {
    const { rerender } = render(preview({ definition: form(safe, fault()) }));
    type('Describe the fault', 'Scorched breaker');

    // The condition is added after the question was made; nothing is chosen: the question hides.
    rerender(preview({ definition: form(safe, fault({ showConditions: whenUnsafe })) }));
    expect(screen.queryByLabelText('Describe the fault')).toBeNull();

    // Choosing No shows it, with what was typed before.
    fireEvent.click(screen.getByLabelText('No'));
    expect((screen.getByLabelText('Describe the fault') as HTMLInputElement).value).toBe('Scorched breaker');
    fireEvent.click(screen.getByLabelText('Yes'));
    expect(screen.queryByLabelText('Describe the fault')).toBeNull();

    // The condition removed: it shows again, answers kept.
    rerender(preview({ definition: form(safe, fault()) }));
    expect((screen.getByLabelText('Describe the fault') as HTMLInputElement).value).toBe('Scorched breaker');
    expect((screen.getByLabelText('Yes') as HTMLInputElement).checked).toBe(true);
  });

  it('follows a condition changed on the question it reads (its value and the question named)', () => {
    const other = question('other', 'text', { title: 'Other notes' });
    const { rerender } = render(preview({ definition: form(safe, other, fault({ showConditions: whenUnsafe })) }));
    fireEvent.click(screen.getByLabelText('Yes'));
    expect(screen.queryByLabelText('Describe the fault')).toBeNull();
    rerender(preview({ definition: form(safe, other, fault({ showConditions: [{ path: 'safe', condition: 'equal', value: 'Yes' }] })) }));
    expect(screen.getByLabelText('Describe the fault')).toBeTruthy();
    // Now reading another question: typing there shows and hides it.
    rerender(preview({ definition: form(safe, other, fault({ showConditions: [{ path: 'other', condition: 'equal', value: 'x' }] })) }));
    expect(screen.queryByLabelText('Describe the fault')).toBeNull();
    type('Other notes', 'x');
    expect(screen.getByLabelText('Describe the fault')).toBeTruthy();
    type('Other notes', 'y');
    expect(screen.queryByLabelText('Describe the fault')).toBeNull();
  });

  it('checks with the validators, options and slides of the latest definition', () => {
    const { rerender } = render(preview({ definition: form(safe, fault()) }));
    expect(screen.queryByText('This field is required')).toBeNull();

    // A required validator added: Submit refuses the empty question.
    rerender(preview({ definition: form(safe, fault({ validators: required('fault') })) }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('This field is required')).toBeTruthy();
    // Removed again while the message shows: the message goes (revalidation is on).
    rerender(preview({ definition: form(safe, fault()) }));
    expect(screen.queryByText('This field is required')).toBeNull();

    // An option added and another renamed.
    const edited = { ...safe, options: options('Yes', 'Not sure', 'Unsafe') };
    rerender(preview({ definition: form(edited, fault()) }));
    expect(screen.getByLabelText('Not sure')).toBeTruthy();
    expect(screen.getByLabelText('Unsafe')).toBeTruthy();
    expect(screen.queryByLabelText('No')).toBeNull();

    // A slide added: the step indicator lists it and Next goes there.
    rerender(
      preview({
        definition: makeDefinition([
          { name: 'Switchboard', contents: [edited, fault()] },
          { name: 'Sign off', contents: [question('agree', 'checkbox')] },
        ]),
      }),
    );
    expect(step(/Sign off/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Sign off' })).toBeTruthy();
  });
});
