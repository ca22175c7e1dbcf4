import type { MantineColorsTuple } from '@mantine/core';

/**
 * The hub's colours: the theme's (theme.ts), and the installed app's theme and background
 * colours in its manifest (vite.config.ts).
 */

/** The association's deep navy. */
export const navy: MantineColorsTuple = [
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
export const safety: MantineColorsTuple = [
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

/** The installed app's bar and splash colour: the navy of the top bar. */
export const THEME_COLOUR = navy[9];
