import { actionMessages, defaultDueDate, toDayString, type Answers } from '@hub/model/forms';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fill, makeDefinition, options, question, renderFiller } from './test-utils';

/** Issue 15: 'Raise corrective action' under a failing answer; the action travels in the answers as `{id}-action`. */
const users = [
  { id: '11111111-1111-4111-8111-111111111111', name: 'Sam Spark' },
  { id: '22222222-2222-4222-8222-222222222222', name: 'Alex Volt' },
];
const guard = question('guard', 'radiobutton', { title: 'Guards fitted?', options: options('Yes', 'No'), raisesAction: true });
const plain = question('plain', 'radiobutton', { title: 'Tidy?', options: options('Yes', 'No') });
const risk = question('risk', 'riskMatrix', { title: 'Working at height' });
const today = () => toDayString(new Date());

describe('raising a corrective action in the filler', () => {
  it("offers it under a 'No' on a marked question, prefilled, and sends it with the answers", async () => {
    const submit = fill([guard, plain], { users });
    expect(screen.queryByRole('button', { name: 'Raise corrective action' })).toBeNull();
    fireEvent.click(screen.getAllByLabelText('No')[1]);
    // An unmarked question's 'No' raises nothing.
    expect(screen.queryByRole('button', { name: 'Raise corrective action' })).toBeNull();
    fireEvent.click(screen.getAllByLabelText('No')[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Raise corrective action' }));
    expect((screen.getByLabelText(/Description/) as HTMLTextAreaElement).value).toBe('Guards fitted?: No');
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Refit the guard on the bench grinder' } });
    const answers = await submit();
    expect(answers['guard-action']).toEqual({
      description: 'Refit the guard on the bench grinder',
      assigneeId: null,
      priority: 'moderate',
      dueDate: defaultDueDate('moderate', today()),
    });
  });

  it('offers it under a High risk with priority high and a due date a week away', async () => {
    const submit = fill([risk], { users });
    // Major x Likely: 4 x 4 = 16, Catastrophic.
    fireEvent.click(screen.getByRole('button', { name: /Major.*Likely|Likely.*Major/ }));
    expect(screen.getByText(/this answer can raise a corrective action/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Raise corrective action' }));
    expect((screen.getByLabelText(/Description/) as HTMLTextAreaElement).value).toBe('Working at height: Catastrophic (16)');
    const answers = await submit();
    expect(answers['risk-action']).toMatchObject({ priority: 'high', dueDate: defaultDueDate('high', today()) });
  });

  it('refuses to submit an action without a description', async () => {
    fill([guard], { users });
    fireEvent.click(screen.getAllByLabelText('No')[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Raise corrective action' }));
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getAllByText('Please describe the corrective action').length).toBeGreaterThan(0));
  });

  it('drops the action when the answer passes again, and when it is not raised after all', async () => {
    const submit = fill([guard], { users });
    fireEvent.click(screen.getAllByLabelText('No')[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Raise corrective action' }));
    fireEvent.click(screen.getByLabelText('Yes'));
    expect(screen.queryByLabelText(/Description/)).toBeNull();
    const answers = await submit();
    expect(answers).toEqual({ guard: 'Yes' });
  });

  it('lets the member go on when a raised risk is lowered to a pass (the action is dropped, not an error)', async () => {
    const onSubmit = vi.fn(async (_answers: Answers) => {});
    renderFiller({
      definition: makeDefinition([
        { name: 'Hazards', contents: [risk] },
        { name: 'Sign off', contents: [question('agree', 'checkbox')] },
      ]),
      onSubmit,
      users,
    });
    fireEvent.click(screen.getByRole('button', { name: /Major.*Likely|Likely.*Major/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Raise corrective action' }));
    expect(screen.getByLabelText(/Description/)).toBeTruthy();
    // Minor x Unlikely: 2 x 2 = 4, a pass.
    fireEvent.click(screen.getByRole('button', { name: /Minor.*Unlikely|Unlikely.*Minor/ }));
    expect(screen.queryByLabelText(/Description/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText('Title agree')).toBeTruthy();
    expect(screen.queryByText(actionMessages.notFailing)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(Object.keys(onSubmit.mock.calls[0][0]).filter((k) => k.endsWith('-action'))).toEqual([]);
  });

  it('lets it go with “Don’t raise an action”', async () => {
    const submit = fill([guard], { users });
    fireEvent.click(screen.getAllByLabelText('No')[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Raise corrective action' }));
    fireEvent.click(screen.getByRole('button', { name: 'Don’t raise an action' }));
    expect(screen.getByRole('button', { name: 'Raise corrective action' })).toBeTruthy();
    const answers = await submit();
    expect(answers).toEqual({ guard: 'No' });
  });
});
