import { describe, it, expect } from 'vitest';
import { CANVAS, CONSEQUENCES, LIKELIHOODS, RISK_LEVELS, riskLevel, riskMatrixAnswers, riskScore } from './risk-matrix';

describe('risk matrix', () => {
  it('lists consequences and likelihoods in display order', () => {
    expect(CONSEQUENCES).toEqual([
      { label: 'Insignificant', value: 1 },
      { label: 'Minor', value: 2 },
      { label: 'Moderate', value: 3 },
      { label: 'Major', value: 4 },
      { label: 'Catastrophic', value: 5 },
    ]);
    expect(LIKELIHOODS).toEqual([
      { label: 'Almost Certain', value: 5 },
      { label: 'Likely', value: 4 },
      { label: 'Possible', value: 3 },
      { label: 'Unlikely', value: 2 },
      { label: 'Rare', value: 1 },
    ]);
  });

  it('scores the product of consequence and likelihood', () => {
    expect(riskScore(1, 1)).toBe(1);
    expect(riskScore(3, 4)).toBe(12);
    expect(riskScore(5, 5)).toBe(25);
  });

  it('bands the score at 3/4, 9/10 and 15/16', () => {
    expect([1, 3, 4, 9, 10, 15, 16, 25].map(riskLevel)).toEqual([
      'low',
      'low',
      'moderate',
      'moderate',
      'high',
      'high',
      'catastrophic',
      'catastrophic',
    ]);
  });

  it('gives every level a label and a legend sentence', () => {
    expect(RISK_LEVELS).toEqual({
      catastrophic: { label: 'Catastrophic', legend: 'Work cannot proceed.' },
      high: { label: 'High', legend: 'Work can only proceed with the permission of senior management.' },
      moderate: { label: 'Moderate', legend: 'Work can only proceed with the permission of the worker in charge.' },
      low: { label: 'Low', legend: 'Work can proceed.' },
    });
  });

  it('writes the three answer keys of a chosen cell', () => {
    expect(riskMatrixAnswers('risk', 4, 3)).toEqual({ 'risk-selectedConsequence': 4, 'risk-selectedLikelihood': 3, 'risk-riskScore': 12 });
  });
});

describe('canvas', () => {
  it('has the spec sizes and brush', () => {
    expect(CANVAS).toEqual({
      width: 400,
      height: 300,
      frameWidth: 420,
      frameHeight: 320,
      minWidth: 150,
      minHeight: 100,
      brushRadius: 4,
      brushColor: 'grey',
    });
  });
});
