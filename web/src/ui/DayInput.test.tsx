import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
});
