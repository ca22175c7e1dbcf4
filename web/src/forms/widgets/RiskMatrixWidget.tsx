import { Group, Stack, Text } from '@mantine/core';
import {
  CONSEQUENCES,
  LIKELIHOODS,
  RISK_LEVELS,
  riskLevel,
  riskMatrixAnswers,
  riskMatrixKeys,
  riskScore,
  type RiskLevel,
} from '@hub/model/forms';
import { useAnswer, useFiller } from '../context';
import { QuestionFrame, type WidgetProps } from './QuestionFrame';
import type { ReactNode } from 'react';
import classes from './widgets.module.css';

const levelLabel = (level: RiskLevel) => RISK_LEVELS[level]?.label ?? level;
/**
 * The long level words are too wide for a phone's cell, and broken mid-word they read badly:
 * there a cell shows the word's start as an <abbr> with the whole word as its title (the start is
 * part of the button's name, which holds the whole word), and from 36em the whole word.
 */
const SHORT: Record<string, string> = {
  Catastrophic: 'Cat',
  Moderate: 'Mod',
};
function cellWord(word: string): ReactNode {
  const short = SHORT[word];
  if (!short) return word;
  return (
    <>
      <abbr className={classes.levelShort} title={word}>
        {short}
      </abbr>
      <span className={classes.levelWhole}>{word}</span>
    </>
  );
}

/** 'Risk score N — Level' with the level's colour swatch. */
function RiskResult({ score }: { score: number }) {
  const level = riskLevel(score);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <span className={`${classes.swatch} ${classes[level]}`} aria-hidden />
      <Text fw={700} size="md">
        Risk score {score} — {levelLabel(level)}
      </Text>
    </Group>
  );
}

function RiskLegend() {
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Risk levels">
      {(Object.keys(RISK_LEVELS) as RiskLevel[]).map((level) => (
        <Group key={level} component="li" gap="xs" wrap="nowrap" align="flex-start">
          <span className={`${classes.swatch} ${classes[level]}`} aria-hidden />
          <Text size="sm">
            <strong>{RISK_LEVELS[level].label}</strong>: {RISK_LEVELS[level].legend}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * riskMatrix: likelihood rows by consequence columns; each cell is a button with its score
 * and level word (colour is never the only cue). Choosing one sets {id}-selectedConsequence,
 * {id}-selectedLikelihood and {id}-riskScore.
 */
export function RiskMatrixWidget({ q, readOnly }: WidgetProps) {
  const { answers } = useFiller();
  const keys = riskMatrixKeys(q.id);
  const consequence = useAnswer(keys.consequence);
  const likelihood = useAnswer(keys.likelihood);
  const c = Number(consequence);
  const l = Number(likelihood);
  const chosen = consequence != null && likelihood != null && Number.isFinite(c) && Number.isFinite(l);
  const score = chosen ? riskScore(c, l) : null;

  if (readOnly) {
    const cLabel = CONSEQUENCES.find((x) => x.value === c)?.label;
    const lLabel = LIKELIHOODS.find((x) => x.value === l)?.label;
    return (
      <QuestionFrame q={q} readOnly>
        {score == null ? (
          <Text c="gray.7">—</Text>
        ) : (
          <Stack gap={4}>
            <Text size="sm">
              Likelihood: {lLabel ?? l}; Consequence: {cLabel ?? c}
            </Text>
            <RiskResult score={score} />
          </Stack>
        )}
      </QuestionFrame>
    );
  }

  return (
    <QuestionFrame q={q} group>
      <div className={classes.matrixScroll}>
        <table className={classes.matrix}>
          <thead>
            <tr>
              <th scope="col" className={classes.corner}>
                <span className={classes.cornerText}>Likelihood / Consequence</span>
              </th>
              {CONSEQUENCES.map((col) => (
                <th key={col.value} scope="col" className={classes.colHead}>
                  {/* Whole words: upright on wide screens, turned on phones where 'Insignificant' has no room. */}
                  <span className={classes.colLabel}>{col.label}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {LIKELIHOODS.map((row) => (
              <tr key={row.value}>
                <th scope="row">{row.label}</th>
                {CONSEQUENCES.map((col) => {
                  const cellScore = riskScore(col.value, row.value);
                  const level = riskLevel(cellScore);
                  const selected = chosen && c === col.value && l === row.value;
                  return (
                    <td key={col.value}>
                      <button
                        type="button"
                        className={`${classes.cell} ${classes[level]}`}
                        aria-pressed={selected}
                        // The name holds the visible text ('16 Catastrophic') as it reads (label in name).
                        aria-label={`Likelihood ${row.label}, consequence ${col.label}: risk score ${cellScore} ${levelLabel(level)}`}
                        onClick={() => answers.setMany(riskMatrixAnswers(q.id, col.value, row.value))}
                      >
                        <span className={classes.cellScore}>{cellScore}</span>{' '}
                        <span className={classes.cellLevel}>{cellWord(levelLabel(level))}</span>
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div aria-live="polite">{score != null ? <RiskResult score={score} /> : <Text c="gray.7">No risk chosen yet.</Text>}</div>
      <RiskLegend />
    </QuestionFrame>
  );
}
