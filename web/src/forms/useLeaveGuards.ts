import type { RefObject } from 'react';
import { useCallback, useEffect } from 'react';
import type { BlockerFunction } from 'react-router';
import type { AnswerStore } from './answer-store';
import { fillerPath } from './filler-paths';

interface Options {
  mode: 'fill' | 'edit' | 'view' | 'preview';
  answers: AnswerStore;
  /** Set while a save or submit hands over to the caller (never blocked). */
  leavingRef: RefObject<boolean>;
  /** The answers' version when last saved: unsaved while the store's differs. */
  savedVersionRef: RefObject<number>;
  routePath?: string;
}

/**
 * The guards against losing unsaved answers: the browser's prompt on reload or close, and
 * the blocker function for leaving inside the app (the caller shows the incomplete-form modal).
 */
export function useLeaveGuards({ mode, answers, leavingRef, savedVersionRef, routePath }: Options): BlockerFunction {
  // Reloading or closing the tab with unsaved answers: the browser asks first.
  useEffect(() => {
    if (mode !== 'fill') return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (leavingRef.current || answers.version === savedVersionRef.current) return;
      e.preventDefault();
      // Older browsers want returnValue set to show their prompt.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [mode, answers, leavingRef, savedVersionRef]);

  // Leaving the filler inside the app (Back, the logo, any link) with unsaved answers: the
  // incomplete-form modal asks first. Moving between slides (url pagination) is not leaving.
  return useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => {
      if (leavingRef.current || answers.version === savedVersionRef.current) return false;
      if (nextLocation.pathname === currentLocation.pathname) return false;
      if (
        routePath != null &&
        fillerPath(nextLocation.pathname, routePath) != null &&
        fillerPath(currentLocation.pathname, routePath) != null
      )
        return false;
      return true;
    },
    [answers, routePath, leavingRef, savedVersionRef],
  );
}
