import type { Answers } from './types';
import { riskMatrixKeys } from './answers';

/** Risk matrix and canvas constants (member-site.md and back-office.md section 9). */

export interface RiskChoice {
  label: string;
  value: number;
}

/** Columns, left to right. */
export const CONSEQUENCES: readonly RiskChoice[] = [
  { label: 'Insignificant', value: 1 },
  { label: 'Minor', value: 2 },
  { label: 'Moderate', value: 3 },
  { label: 'Major', value: 4 },
  { label: 'Catastrophic', value: 5 },
];

/** Rows, top to bottom: the most likely first. */
export const LIKELIHOODS: readonly RiskChoice[] = [
  { label: 'Almost Certain', value: 5 },
  { label: 'Likely', value: 4 },
  { label: 'Possible', value: 3 },
  { label: 'Unlikely', value: 2 },
  { label: 'Rare', value: 1 },
];

export type RiskLevel = 'low' | 'moderate' | 'high' | 'catastrophic';

export function riskScore(consequence: number, likelihood: number): number {
  return consequence * likelihood;
}

/** Up to 3 low, 4 to 9 moderate, 10 to 15 high, over 15 catastrophic. */
export function riskLevel(score: number): RiskLevel {
  if (score <= 3) return 'low';
  if (score <= 9) return 'moderate';
  if (score <= 15) return 'high';
  return 'catastrophic';
}

/** Legend entries, from the most to the least severe (the order the legend lists them). */
export const RISK_LEVELS: Record<RiskLevel, { label: string; legend: string }> = {
  catastrophic: { label: 'Catastrophic', legend: 'Work cannot proceed.' },
  high: { label: 'High', legend: 'Work can only proceed with the permission of senior management.' },
  moderate: { label: 'Moderate', legend: 'Work can only proceed with the permission of the worker in charge.' },
  low: { label: 'Low', legend: 'Work can proceed.' },
};

/** The three answer keys of a risk matrix question for one choice of cell. */
export function riskMatrixAnswers(id: string, consequence: number, likelihood: number): Answers {
  const keys = riskMatrixKeys(id);
  return {
    [keys.consequence]: consequence,
    [keys.likelihood]: likelihood,
    [keys.score]: riskScore(consequence, likelihood),
  };
}

export interface CanvasConstants {
  width: number;
  height: number;
  frameWidth: number;
  frameHeight: number;
  minWidth: number;
  minHeight: number;
  brushRadius: number;
  brushColor: string;
}

/** Typed as plain numbers (not literals) so sizes derived from them can change, e.g. in state. */
export const CANVAS: Readonly<CanvasConstants> = {
  width: 400,
  height: 300,
  frameWidth: 420,
  frameHeight: 320,
  minWidth: 150,
  minHeight: 100,
  brushRadius: 4,
  brushColor: 'grey',
};
