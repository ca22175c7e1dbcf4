import {
  canRedo,
  canUndo,
  createHistory,
  pushHistory,
  redo,
  undo,
  type EditResult,
  type FormDefinition,
  type History,
} from '@hub/model/forms';
import { createContext, useContext, useSyncExternalStore } from 'react';

/** back-office.md section 4: designer modes; reset returns to view and clears the selection. */
export type DesignerMode = 'view' | 'edit' | 'edit-slide';

export interface DesignerState {
  history: History<FormDefinition>;
  /** The definition as last loaded or saved: unsaved changes when the present differs. */
  saved: FormDefinition;
  mode: DesignerMode;
  /** Slide being edited (edit-slide) or holding the question being edited. */
  slide: number | null;
  question: string | null;
  /** The slide list's open accordions (slide indexes as strings): the first by default, and each slide edited since. */
  open: string[];
}

/** Steps of undo kept (issue 12 item 8 asks for at least 50). */
export const UNDO_STEPS = 100;

/**
 * The definition being designed and the sidebar's mode, outside React: components subscribe
 * to the slice they show (useDesigner), so a keystroke in a question's title re-renders the
 * question editor and the preview, not the whole sidebar. Edits come from the model's pure
 * functions (designer.ts), which share structure: untouched slides and questions keep their
 * identity, and memoised rows skip re-rendering.
 */
export class DesignerStore {
  private state: DesignerState;
  private readonly listeners = new Set<() => void>();

  constructor(definition: FormDefinition) {
    this.state = { history: createHistory(definition), saved: definition, mode: 'view', slide: null, question: null, open: ['0'] };
  }

  getState = (): DesignerState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<DesignerState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  get definition(): FormDefinition {
    return this.state.history.present;
  }

  get dirty(): boolean {
    return this.state.history.present !== this.state.saved;
  }

  /** Loads another definition (a version picked or saved): history starts again. */
  load(definition: FormDefinition) {
    this.state = { history: createHistory(definition), saved: definition, mode: 'view', slide: null, question: null, open: ['0'] };
    for (const l of this.listeners) l();
  }

  markSaved() {
    this.set({ saved: this.state.history.present });
  }

  /**
   * Applies one of the model's edits. A refusal changes nothing and is returned for the caller
   * to show. `key` coalesces typing into one undo step.
   */
  edit(change: (def: FormDefinition) => EditResult, key?: string): EditResult {
    if (typeof performance !== 'undefined') performance.mark('designer:edit');
    const result = change(this.state.history.present);
    if (result.ok && result.definition !== this.state.history.present)
      this.set({ history: pushHistory(this.state.history, result.definition, { key, now: Date.now(), limit: UNDO_STEPS }) });
    return result;
  }

  undo() {
    if (canUndo(this.state.history)) this.set({ history: undo(this.state.history) });
  }

  redo() {
    if (canRedo(this.state.history)) this.set({ history: redo(this.state.history) });
  }

  editQuestion(id: string, slide: number) {
    this.set({ mode: 'edit', question: id, slide, open: this.opened(slide) });
  }

  editSlide(slide: number) {
    this.set({ mode: 'edit-slide', slide, question: null, open: this.opened(slide) });
  }

  /** Opens or closes slides in the list (its accordion's value). */
  setOpen = (open: string[]) => {
    this.set({ open });
  };

  /** The open slides with `slide` among them. */
  opened(slide: number): string[] {
    const key = String(slide);
    return this.state.open.includes(key) ? this.state.open : [...this.state.open, key];
  }

  /** Back to view mode, nothing selected. */
  reset() {
    this.set({ mode: 'view', slide: null, question: null });
  }
}

export const DesignerContext = createContext<DesignerStore | null>(null);

export function useDesignerStore(): DesignerStore {
  const store = useContext(DesignerContext);
  if (!store) throw new Error('useDesignerStore outside the designer');
  return store;
}

/** Subscribes to one slice of the designer's state; the selector must return stored values (no new objects). */
export function useDesigner<T>(select: (s: DesignerState) => T): T {
  const store = useDesignerStore();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
