import type { DayOfWeek } from '@mantine/dates';
import classes from './calendar.module.css';

/** The calendar's arrows by name (Mantine leaves them unnamed). */
export const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

/** Weekends in the colour of any day: Mantine's red fails contrast on white. */
const NO_WEEKEND: DayOfWeek[] = [];

/**
 * Every calendar of the hub (the theme gives it to DateInput, DatePickerInput and DatePicker):
 * named arrows, weekdays and weekends in colours with the contrast of text, and on a touch
 * screen days and arrows of 44 px (calendar.module.css).
 */
export const calendarTheme = {
  defaultProps: { ariaLabels: CALENDAR_LABELS, weekendDays: NO_WEEKEND },
  classNames: {
    day: classes.day,
    calendarHeaderControl: classes.control,
    calendarHeaderLevel: classes.control,
  },
  // Weekday names in a colour with the contrast of text (Mantine's dimmed grey is too light). A
  // style, not a class: Mantine's calendar styles load later, with the pickers.
  styles: { weekday: { color: 'var(--mantine-color-gray-7)' } },
};
