// Far from UTC: a day that slid through a time zone would show here.
process.env.TZ = 'Pacific/Auckland';

import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { getEntity } from '@hub/model';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../app/theme';
import { formatValue } from './format';
import { FieldInput } from './record/FieldInput';
import { parseDay } from '../ui/DayInput';

const nextInspection = getEntity('AssetEntity').fields.nextInspection;

// Vitest runs without globals: unmount each test's screen, so no popover's transition is left to
// run after the file's environment is gone (it threw 'window is not defined' on a loaded machine).
afterEach(cleanup);

/** Next Inspection on a record screen, holding the day 2026-12-01. */
function renderNextInspection(mode: 'edit' | 'view', onChange: (value: unknown) => void = () => {}) {
  render(
    <MantineProvider theme={theme} env="test">
      <FieldInput
        name="nextInspection"
        field={nextInspection}
        value="2026-12-01"
        record={null}
        mode={mode}
        onChange={onChange}
        onBlur={() => {}}
      />
    </MantineProvider>,
  );
}

describe('the date kind is a day', () => {
  it('is shown as DD/MM/YYYY, the same day whatever the time zone', () => {
    expect(new Date('2026-01-01T12:00:00Z').getTimezoneOffset()).toBe(-780);
    expect(formatValue(nextInspection, '2026-12-01')).toBe('01/12/2026');
    expect(formatValue(nextInspection, '2026-01-31')).toBe('31/01/2026');
    expect(formatValue(nextInspection, null)).toBe('');
  });

  it('is edited with a day picker shown and typed as DD/MM/YYYY that reads and writes YYYY-MM-DD', async () => {
    const onChange = vi.fn();
    renderNextInspection('edit', onChange);
    const input = screen.getByLabelText('Next Inspection') as HTMLInputElement;
    expect(input.value).toBe('01/12/2026');
    fireEvent.change(input, { target: { value: '31/01/2027' } });
    expect(onChange).toHaveBeenLastCalledWith('2027-01-31');
    fireEvent.change(input, { target: { value: '2027-02-28' } });
    expect(onChange).toHaveBeenLastCalledWith('2027-02-28');
    // The calendar opens on the day shown; a day picked there is written as it reads.
    fireEvent.click(input);
    fireEvent.click(await screen.findByRole('button', { name: '15 February 2027' }));
    expect(onChange).toHaveBeenLastCalledWith('2027-02-15');
  });

  it('reads typed days as the hub shows them, and refuses impossible ones', () => {
    expect(parseDay('31/01/2027')).toBe('2027-01-31');
    expect(parseDay('1/2/2027')).toBe('2027-02-01');
    expect(parseDay('2027-02-28')).toBe('2027-02-28');
    expect(parseDay('31/02/2027')).toBeNull();
    expect(parseDay('2027-02-30')).toBeNull();
    expect(parseDay('01/13/2027')).toBeNull();
    expect(parseDay('next week')).toBeNull();
  });

  it('is shown as DD/MM/YYYY on a view screen', () => {
    renderNextInspection('view');
    expect(screen.getByText('01/12/2026')).toBeTruthy();
  });
});
