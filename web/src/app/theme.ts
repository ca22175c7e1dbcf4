import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import { navy, safety } from './colors';
import { calendarTheme } from '../ui/calendar';
import touch from './touch.module.css';

/** The one theme of the hub. */
export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: { light: 9, dark: 5 },
  colors: { navy, safety },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  defaultRadius: 'md',
  components: {
    Button: { defaultProps: { size: 'md' }, classNames: { root: touch.button } },
    // A loader is a status: its aria-label ('Loading submission') is allowed on a span with a role only.
    Loader: { defaultProps: { role: 'status' } },
    // On a touch screen every input, small button and option is at least 44 px (touch.module.css).
    Input: { classNames: { input: touch.input } },
    CloseButton: { classNames: { root: touch.closeButton } },
    InputClearButton: { classNames: { root: touch.tapArea } },
    Pill: { classNames: { root: touch.pill, remove: touch.pillRemove } },
    ActionIcon: { classNames: { root: touch.actionIcon } },
    SegmentedControl: { classNames: { label: touch.segment } },
    // Each crumb: Mantine's Breadcrumbs replaces a crumb's own style prop, a class stays.
    Breadcrumbs: { classNames: { breadcrumb: touch.crumb } },
    // A select's options (each combobox names its own component).
    Combobox: { classNames: { option: touch.option } },
    Select: { classNames: { option: touch.option } },
    MultiSelect: { classNames: { option: touch.option } },
    Autocomplete: { classNames: { option: touch.option } },
    TagsInput: { classNames: { option: touch.option } },
    // Every calendar (each picker names its own): named arrows, 44 px days and arrows on a touch screen.
    DateInput: calendarTheme,
    DatePickerInput: calendarTheme,
    DatePicker: calendarTheme,
  },
});

/**
 * Mantine's dimmed and placeholder greys (gray.6 and gray.5, 3.3:1 and less on white) fail WCAG AA
 * contrast for text. The hub's: dimmed about 6:1, placeholder about 4.9:1 (still lighter than a
 * typed value, so a hint never reads as an answer).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Error text: red.9 (about 5.4:1) instead of red.6 (3.3:1).
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-placeholder': '#6b7178', '--mantine-color-error': '#c92a2a' },
  dark: {},
});
