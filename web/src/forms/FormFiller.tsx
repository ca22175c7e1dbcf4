import { Button, Text } from '@mantine/core';
import { isReviewSlide, type Answers, type FormDefinition } from '@hub/model/forms';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FillerContext, type FillerUser } from './context';
import { cancelMessage, IncompleteFormModal, LeaveGuard } from './FillerModals';
import { slideFromPath } from './filler-paths';
import classes from './FormFiller.module.css';
import { SlideView } from './SlideView';
import { StepIndicator } from './StepIndicator';
import { useFillerController, type CoreProps, type ShownSlide } from './useFillerController';

export { slideFromPath } from './filler-paths';

export interface FormFillerProps {
  definition: FormDefinition;
  initialAnswers?: Answers;
  /** 'fill': new or draft; 'edit': a completed submission being reviewed; 'view': read-only; 'preview': designer preview (url pagination behaves as page). */
  mode: 'fill' | 'edit' | 'view' | 'preview';
  /** Base path for url pagination: slides live at {routePath}/slide/{n}/ (n from 1; unknown n falls back to slide 1). */
  routePath?: string;
  /** Show the review slide (administrators; others when the submission is completed or has a review request). Hidden otherwise. */
  showReviewSlide?: boolean;
  /** Review slide read-only (workers). */
  reviewReadOnly?: boolean;
  /** Text of the submit button; default 'Submit'. */
  submitText?: string;
  /** Users for selectUserProfile questions (id + display name), already scoped by the caller. */
  users?: FillerUser[];
  /** 'fill' mode: the user has a saved draft of this form (Cancel deletes it, so Cancel always asks first). */
  hasSavedDraft?: boolean;
  /**
   * Cancel shows on the first slide only. In 'fill' mode with unsaved changes or a saved
   * draft it first asks (incomplete-form modal). Navigating away from there is never blocked.
   */
  onCancel?: () => void;
  /**
   * Hidden answers already removed. A rejection keeps the changes unsaved; the caller shows
   * its toast, and a GraphQL validation error's answer issues show under their questions.
   * `continueNavigation`: the save comes from the leave prompt, and once it resolves the
   * filler carries on to where the user was going, so the caller should not navigate.
   */
  onSaveDraft?: (answers: Answers, options: { continueNavigation: boolean }) => Promise<void>;
  /**
   * Called after every change of the answers with all of them (the member's form page keeps
   * them on the device as they are typed, offline/local-answers.ts). Not called for the
   * initial answers.
   */
  onAnswersChange?: (answers: Answers) => void;
  /** The member discarded the answers not saved yet (the leave prompt's Discard, Cancel's discard). */
  onDiscardChanges?: () => void;
  /** Validated (whole form; in 'edit' mode validateReview), hidden answers removed. Rejections as for onSaveDraft. */
  onSubmit?: (answers: Answers) => Promise<void>;
  /**
   * What the page shows under the slides (the attachments panel). `saveProgress` saves the
   * current answers as the draft, staying on the page (the 'fill' mode's Save draft, resolving
   * false when refused): before the user leaves for a page that comes back here.
   */
  attachments?: (tools: { saveProgress: () => Promise<boolean> }) => ReactNode;
  /**
   * Page layouts (the designer's preview): the index in `definition.slides` of a slide to
   * show. The filler opens there and moves there again whenever this or `followKey` changes
   * (without taking the focus); in between, Back and Next step through as usual. A slide not
   * (yet) in the definition is gone to once it appears.
   */
  followSlide?: number | null;
  /** Changing it (e.g. another question being edited on the same slide) moves to `followSlide` again. */
  followKey?: string;
}

/**
 * The form filler: a side step indicator, one slide at a time (or all stacked for scroll
 * pagination), Cancel / Back / Next / Submit and Save draft. Answers live in a keyed store
 * so typing re-renders only the question typed into (and those whose show conditions read
 * it). Load other answers by remounting (a new `key`).
 */
export function FormFiller(props: FormFillerProps) {
  const shown = useMemo(
    () => props.definition.slides.map((s, i) => ({ slide: s, index: i })).filter((s) => props.showReviewSlide || !isReviewSlide(s.slide)),
    [props.definition, props.showReviewSlide],
  );
  if (props.definition.pagination?.type === 'url' && props.mode !== 'preview' && props.routePath != null)
    return <UrlFiller {...props} shown={shown} routePath={props.routePath} />;
  return <PageFiller {...props} shown={shown} />;
}

/** Where the filler opens: a review ('edit', a reviewer's) on the review slide, anything else on the first. */
export function initialPosition(mode: FormFillerProps['mode'], shown: ShownSlide[]): number {
  return mode === 'edit'
    ? Math.max(
        0,
        shown.findIndex((s) => isReviewSlide(s.slide)),
      )
    : 0;
}

function PageFiller(props: FormFillerProps & { shown: ShownSlide[] }) {
  const { shown, followSlide, followKey } = props;
  const request = followSlide == null ? null : `${followSlide}:${followKey ?? ''}`;
  const target = followSlide == null ? -1 : shown.findIndex((s) => s.index === followSlide);
  const [state, setState] = useState(() => ({
    position: target >= 0 ? target : initialPosition(props.mode, shown),
    /** The last follow request gone to; a move it made does not take the focus. */
    followed: target >= 0 ? request : null,
    quiet: target >= 0,
  }));
  // A new request moves during render (no extra paint on the old slide); one for a slide not
  // there yet waits for it.
  if (request !== state.followed && (request === null || target >= 0))
    setState(request === null ? { ...state, followed: null } : { position: target, followed: request, quiet: true });
  const setPosition = useCallback((position: number) => setState((s) => ({ ...s, position, quiet: false })), []);
  return (
    <FillerCore
      {...props}
      position={Math.min(state.position, Math.max(0, shown.length - 1))}
      setPosition={setPosition}
      quietMove={state.quiet}
    />
  );
}

function UrlFiller(props: FormFillerProps & { shown: ShownSlide[]; routePath: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const n = slideFromPath(location.pathname, props.routePath, props.shown.length);
  const base = props.routePath.replace(/\/+$/, '');
  const canonical = `${base}/slide/${n}/`;
  // A missing or unknown slide number shows slide 1: the address says so too.
  const wrong = location.pathname !== canonical && location.pathname !== canonical.slice(0, -1);
  useEffect(() => {
    if (wrong) void navigate(canonical, { replace: true });
  }, [wrong, canonical, navigate]);
  return <FillerCore {...props} position={n - 1} setPosition={(p) => navigate(`${base}/slide/${p + 1}/`)} />;
}

/** The filler's view: step indicator, slides, buttons and the incomplete-form prompts. */
function FillerCore(props: CoreProps) {
  const {
    mode,
    shown,
    position,
    scroll,
    viewOnly,
    ctx,
    busy,
    buttonSize,
    rootRef,
    canSelect,
    select,
    slideReadOnly,
    saveDraft,
    submit,
    cancel,
    cancelPrompt,
    closeCancelPrompt,
    leaveToCaller,
    inDataRouter,
    shouldBlock,
    discardChanges,
  } = useFillerController(props);
  if (shown.length === 0)
    return (
      <Text c="gray.7" py="md">
        This form has no slides.
      </Text>
    );

  const last = scroll || position === shown.length - 1;
  const first = scroll || position === 0;
  const visibleSlides = scroll ? shown : [shown[position]];
  const canSave = mode === 'fill' && !!props.onSaveDraft;

  return (
    <FillerContext.Provider value={ctx}>
      <div className={classes.frame}>
        <div ref={rootRef} className={classes.layout}>
          <aside className={classes.aside}>
            <StepIndicator names={shown.map((s) => s.slide.name)} current={scroll ? -1 : position} enabled={canSelect} onSelect={select} />
          </aside>
          <div className={classes.main}>
            {visibleSlides.map((s) => (
              <SlideView
                key={s.index}
                id={`${ctx.idPrefix}-slide-${shown.indexOf(s)}`}
                name={s.slide.name}
                questions={s.slide.contents}
                readOnly={slideReadOnly(s.index)}
                hideStatements={slideReadOnly(s.index) && isReviewSlide(s.slide)}
              />
            ))}
            {props.attachments?.({ saveProgress: () => saveDraft(true) })}
            <div className={classes.actions}>
              <div className={classes.actionGroup}>
                {first && props.onCancel && (
                  <Button variant="default" size={buttonSize} mih={44} onClick={cancel} disabled={busy !== null}>
                    {viewOnly ? 'Close' : 'Cancel'}
                  </Button>
                )}
                {canSave && (
                  <Button
                    variant="light"
                    size={buttonSize}
                    mih={44}
                    onClick={() => void saveDraft()}
                    loading={busy === 'draft'}
                    disabled={busy === 'submit'}
                  >
                    Save draft
                  </Button>
                )}
              </div>
              <div className={classes.actionGroup}>
                {!first && (
                  <Button variant="default" size={buttonSize} mih={44} onClick={() => select(position - 1)}>
                    Back
                  </Button>
                )}
                {!last && (
                  <Button size={buttonSize} mih={44} onClick={() => select(position + 1)}>
                    Next
                  </Button>
                )}
                {last && !viewOnly && (
                  <Button size={buttonSize} mih={44} onClick={() => void submit()} loading={busy === 'submit'} disabled={busy === 'draft'}>
                    {props.submitText ?? 'Submit'}
                  </Button>
                )}
              </div>
            </div>
          </div>
        </div>
      </div>
      <IncompleteFormModal
        opened={cancelPrompt != null}
        message={cancelMessage(!!props.hasSavedDraft, cancelPrompt?.dirty ?? false)}
        destructive={!!props.hasSavedDraft}
        canSave={canSave}
        saving={busy === 'draft'}
        onClose={closeCancelPrompt}
        onDiscard={() => {
          closeCancelPrompt();
          leaveToCaller();
        }}
        onSave={async () => {
          if (await saveDraft()) closeCancelPrompt();
        }}
      />
      {mode === 'fill' && inDataRouter && (
        <LeaveGuard
          shouldBlock={shouldBlock}
          hasSavedDraft={!!props.hasSavedDraft}
          canSave={canSave}
          saving={busy === 'draft'}
          onDiscard={discardChanges}
          onSave={() => saveDraft(true)}
        />
      )}
    </FillerContext.Provider>
  );
}
