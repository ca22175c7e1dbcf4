import { IconCheck } from '@tabler/icons-react';
import classes from './FormFiller.module.css';

export interface StepIndicatorProps {
  names: string[];
  /** Position of the current slide (0-based); -1 in scroll layout (no current slide). */
  current: number;
  /** Whether the step at a position can be chosen. */
  enabled(position: number): boolean;
  onSelect(position: number): void;
}

/**
 * The slides as numbered steps: a vertical list with names beside the slide on wide
 * screens, a compact numbered row with 'Step n of m: name' above it on phones.
 */
export function StepIndicator({ names, current, enabled, onSelect }: StepIndicatorProps) {
  return (
    <nav aria-label="Form steps">
      {current >= 0 && (
        <div className={classes.phoneCaption} aria-hidden>
          Step {current + 1} of {names.length}: {names[current]}
        </div>
      )}
      <ol className={classes.steps}>
        {names.map((name, i) => {
          const state = current < 0 ? 'open' : i < current ? 'done' : i === current ? 'current' : 'ahead';
          return (
            <li key={i}>
              <button
                type="button"
                className={classes.stepButton}
                data-state={state}
                aria-current={i === current ? 'step' : undefined}
                disabled={!enabled(i)}
                onClick={() => onSelect(i)}
              >
                <span className={classes.stepNumber} aria-hidden>
                  {state === 'done' ? <IconCheck size={16} /> : i + 1}
                </span>
                <span className={classes.stepName}>
                  {name || `Step ${i + 1}`}
                  {state === 'done' && <span className={classes.srOnly}> (completed)</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
