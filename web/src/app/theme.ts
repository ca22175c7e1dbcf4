import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** The association's deep navy. */
const navy: MantineColorsTuple = [
  '#eef3fb',
  '#d9e2f1',
  '#afc2e3',
  '#82a0d6',
  '#5d83cb',
  '#4671c4',
  '#3968c2',
  '#2b58ab',
  '#234e9a',
  '#14305c',
];
/** Safety orange, for calls to action. */
const safety: MantineColorsTuple = [
  '#fff3e6',
  '#ffe4cc',
  '#ffc799',
  '#ffa861',
  '#ff8e35',
  '#ff7d18',
  '#ff7405',
  '#e36200',
  '#ca5600',
  '#b04800',
];

/** The one theme of the hub. */
export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: { light: 9, dark: 5 },
  colors: { navy, safety },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  defaultRadius: 'md',
  components: {
    Button: { defaultProps: { size: 'md' } },
  },
});
