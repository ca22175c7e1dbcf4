import { MantineProvider } from '@mantine/core';
import { cleanup, createEvent, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../app/theme';
import classes from './calendar.module.css';
import { DayInput } from './DayInput';

afterEach(cleanup);

describe('the day picker outside the filler', () => {
  it("has the theme's calendar: named arrows, days that are 44 px on a touch screen; its clear button names the field", () => {
    render(
      <MantineProvider theme={theme} env="test">
        <DayInput label="Due date" value="2026-03-05" onChange={() => {}} />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Clear Due date' })).toBeTruthy();
    fireEvent.click(screen.getByRole('textbox', { name: 'Due date' }));
    expect(screen.getByRole('button', { name: 'Previous month' }).classList.contains(classes.control)).toBe(true);
    expect(screen.getByRole('button', { name: 'Next month' }).classList.contains(classes.control)).toBe(true);
    const day = screen.getByRole('button', { name: '12 March 2026' });
    expect(day.classList.contains(classes.day)).toBe(true);
    // No day is styled as a weekend (Mantine's red fails contrast).
    expect(document.querySelector('[data-weekend]')).toBeNull();
  });

  it('takes a typed day on Enter without saving the form it is in', () => {
    const submit = vi.fn((e: React.FormEvent) => e.preventDefault());
    const changed = vi.fn();
    render(
      <MantineProvider theme={theme} env="test">
        <form onSubmit={submit}>
          <DayInput label="Last Inspection" value={null} onChange={changed} />
          <button type="submit">Save</button>
        </form>
      </MantineProvider>,
    );
    const field = screen.getByRole('textbox', { name: 'Last Inspection' });
    field.focus();
    fireEvent.change(field, { target: { value: '27/11/2026' } });
    // A browser submits the form on Enter in a field unless the keydown's default is prevented.
    const enter = createEvent.keyDown(field, { key: 'Enter' });
    fireEvent(field, enter);
    expect(enter.defaultPrevented).toBe(true);
    expect(submit).not.toHaveBeenCalled();
    expect(document.activeElement).not.toBe(field);
    expect(changed).toHaveBeenLastCalledWith('2026-11-27');
  });
});
