import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fill, options, question } from '../test-utils';

/** The heavy pickers mount on demand: a stand-in first, the real control once pressed or focused. */
describe('pickers mounted on demand', () => {
  it('combobox: pressing the stand-in opens the searchable select; the answer is the option value', async () => {
    const submit = fill([question('cb', 'combobox', { options: options('X', 'Y') })]);
    const standIn = screen.getByRole('combobox', { name: 'Title cb' });
    fireEvent.pointerDown(standIn);
    fireEvent.click(await screen.findByRole('option', { name: 'Y' }));
    expect(await submit()).toEqual({ cb: 'Y' });
  });

  it('multicombobox: the click that ends a tap on the stand-in never removes a chosen item', async () => {
    const submit = fill([question('m', 'multicombobox', { options: options('A', 'B', 'C') })], { initialAnswers: { m: ['A', 'B'] } });
    const frame = document.querySelector('[data-question-id="m"]')!;
    fireEvent.pointerDown(screen.getByRole('combobox', { name: 'Title m' }), { pointerType: 'touch' });
    // The real control has mounted: the finger comes up over the second item's remove button.
    const remove = await waitFor(() => {
      const buttons = frame.querySelectorAll('button');
      expect(buttons.length).toBeGreaterThan(0);
      return buttons[buttons.length > 1 ? 1 : 0];
    });
    fireEvent.click(remove);
    expect(await submit()).toEqual({ m: ['A', 'B'] });
  });

  it('multicombobox and user select: the answer is the list of values or account ids', async () => {
    const submit = fill([question('m', 'multicombobox', { options: options('A', 'B', 'C') }), question('u', 'selectUserProfile')], {
      users: [
        { id: 'u1', name: 'Ann Lee' },
        { id: 'u2', name: 'Bo Chan' },
      ],
    });
    fireEvent.pointerDown(screen.getByRole('combobox', { name: 'Title m' }));
    fireEvent.click(await screen.findByRole('option', { name: 'C' }));
    fireEvent.click(await screen.findByRole('option', { name: 'A' }));
    fireEvent.focus(screen.getByRole('combobox', { name: 'Title u' }));
    await waitFor(() => expect(document.activeElement?.id).toBe(screen.getByLabelText('Title u').id));
    fireEvent.click(await screen.findByRole('option', { name: 'Bo Chan' }));
    expect(await submit()).toEqual({ m: ['C', 'A'], u: ['u2'] });
  });

  it('user select closes after a choice (the multicombobox stays open for more); it opens again for another', async () => {
    const submit = fill([question('m', 'multicombobox', { options: options('A', 'B', 'C') }), question('u', 'selectUserProfile')], {
      users: [
        { id: 'u1', name: 'Ann Lee' },
        { id: 'u2', name: 'Bo Chan' },
      ],
    });
    fireEvent.pointerDown(screen.getByRole('combobox', { name: 'Title m' }));
    fireEvent.click(await screen.findByRole('option', { name: 'A' }));
    expect(screen.getByRole('option', { name: 'B' })).toBeTruthy();
    fireEvent.pointerDown(screen.getByRole('combobox', { name: 'Title u' }), { pointerType: 'mouse' });
    fireEvent.click(await screen.findByRole('option', { name: 'Bo Chan' }));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Ann Lee' })).toBeNull());
    const user = screen.getByLabelText('Title u');
    expect(user.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(user);
    fireEvent.click(await screen.findByRole('option', { name: 'Ann Lee' }));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Ann Lee' })).toBeNull());
    expect(await submit()).toEqual({ m: ['A'], u: ['u2', 'u1'] });
  });

  it('date and datetime buttons say Required in their description (a button may not carry aria-required)', async () => {
    fill([question('d', 'date', { validators: [{ path: 'd', validator: 'required' }] }), question('dt', 'datetime')]);
    const d = screen.getByRole('button', { name: 'Title d' });
    expect(d.hasAttribute('aria-required')).toBe(false);
    const described = (d.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
    expect(described).toContain('Required');
    const dt = screen.getByRole('button', { name: 'Title dt' });
    expect(dt.hasAttribute('aria-required')).toBe(false);
    expect(dt.getAttribute('aria-describedby')).not.toMatch(/required/);
    // Once the real picker has mounted, the same holds.
    fireEvent.pointerDown(d, { pointerType: 'mouse' });
    await screen.findByRole('dialog');
    const real = screen.getByRole('button', { name: 'Title d' });
    expect(real.hasAttribute('aria-required')).toBe(false);
    expect(real.getAttribute('aria-describedby')).toMatch(/-required$/);
    // The calendar's arrows have names; no day is styled as a weekend (Mantine's red fails contrast).
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeTruthy();
    expect(document.querySelector('[data-weekend]')).toBeNull();
  });

  it('date: pressing the stand-in opens the calendar; the answer is YYYY-MM-DD', async () => {
    const submit = fill([question('d', 'date')], { initialAnswers: { d: '2024-03-05' } });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Title d' }), { pointerType: 'mouse' });
    const day = await screen.findByRole('button', { name: '12 March 2024' });
    fireEvent.click(day);
    expect(await submit()).toEqual({ d: '2024-03-12' });
  });

  it('datetime: Now answers the current minute; a typed time and a picked day apply at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2024, 2, 5, 9, 41, 27));
    try {
      const submit = fill([question('dt', 'datetime')]);
      fireEvent.click(screen.getByRole('button', { name: 'Now (Title dt)' }));
      expect(screen.getByRole('button', { name: 'Title dt' }).textContent).toBe('05/03/2024 09:41 AM');
      fireEvent.pointerDown(screen.getByRole('button', { name: 'Title dt' }), { pointerType: 'mouse' });
      const dialog = await screen.findByRole('dialog', { name: 'Choose date and time' });
      const time = within(dialog).getByLabelText('Time') as HTMLInputElement;
      expect(time.type).toBe('time');
      expect(time.value).toBe('09:41');
      // Half typed (the browser reports ''): the answer waits for a whole time.
      fireEvent.change(time, { target: { value: '' } });
      expect(screen.getByRole('button', { name: 'Title dt' }).textContent).toBe('05/03/2024 09:41 AM');
      fireEvent.change(time, { target: { value: '14:30' } });
      expect(screen.getByRole('button', { name: 'Title dt' }).textContent).toBe('05/03/2024 02:30 PM');
      fireEvent.click(within(dialog).getByRole('button', { name: '12 March 2024' }));
      expect(screen.getByRole('button', { name: 'Title dt' }).textContent).toBe('12/03/2024 02:30 PM');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
      expect(await submit()).toEqual({ dt: new Date(2024, 2, 12, 14, 30).toISOString() });
    } finally {
      vi.useRealTimers();
    }
  });

  it('datetime: a tap on the empty question opens the picker (the tap ends on the placeholder text)', async () => {
    fill([question('dt', 'datetime')]);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Title dt' }), { pointerType: 'touch' });
    // The real button has mounted: the finger comes up over its placeholder.
    const placeholder = await waitFor(() => {
      const span = screen.getByRole('button', { name: 'Title dt' }).querySelector('span');
      expect(span).not.toBeNull();
      return span!;
    });
    fireEvent.click(placeholder);
    expect(await screen.findByRole('dialog', { name: 'Choose date and time' })).toBeTruthy();
  });

  it('datetime: a time typed before any day means today', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2024, 2, 5, 9, 41, 27));
    try {
      const submit = fill([question('dt', 'datetime')]);
      fireEvent.pointerDown(screen.getByRole('button', { name: 'Title dt' }), { pointerType: 'mouse' });
      const dialog = await screen.findByRole('dialog', { name: 'Choose date and time' });
      fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '07:05' } });
      expect(await submit()).toEqual({ dt: new Date(2024, 2, 5, 7, 5).toISOString() });
    } finally {
      vi.useRealTimers();
    }
  });
});
