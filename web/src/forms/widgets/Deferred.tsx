import { useLayoutEffect, useState, type KeyboardEvent, type PointerEvent } from 'react';

/**
 * Heavy Mantine pickers (Select, MultiSelect, the date pickers) cost a few milliseconds
 * each to mount; with dozens on a slide that breaks the 500 ms first paint. Until the user
 * reaches for one, a plain look-alike with the same id and label stands in; on focus or
 * press the real control mounts, takes the focus and (when pressed) opens.
 */
export function useDeferredControl(inputId: string, options: { clickToOpen?: boolean } = {}) {
  const [state, setState] = useState<'idle' | 'focus' | 'open'>('idle');
  const clickToOpen = options.clickToOpen;
  // Only the activation itself matters: later renders (same state, id and option) must not refocus.
  useLayoutEffect(() => {
    if (state === 'idle') return;
    const el = document.getElementById(inputId);
    el?.focus();
    if (state === 'open' && clickToOpen) el?.click();
  }, [state, inputId, clickToOpen]);
  const activate = (open: boolean) => setState((s) => (s === 'idle' ? (open ? 'open' : 'focus') : s));
  return {
    active: state !== 'idle',
    /** Open the dropdown on mount (the user pressed the stand-in). */
    openOnMount: state === 'open',
    proxyProps: {
      onPointerDown: (e: PointerEvent) => {
        if (e.pointerType === 'mouse') {
          // No mouse-down focus change on the stand-in that is about to go: the real control takes the focus.
          e.preventDefault();
          activate(true);
        } else {
          // A tap's click lands on the real control by itself (a second, scripted click would close it again).
          activate(!clickToOpen);
          swallowStrayClick(e.currentTarget.closest('[data-question-id]'), inputId);
        }
      },
      onFocus: () => activate(false),
      onKeyDown: (e: KeyboardEvent) => {
        if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
          e.preventDefault();
          activate(true);
        }
      },
    },
  };
}

/**
 * The real control is laid out differently from its stand-in (a multi-select's chosen items
 * gain a remove button and may wrap), so the click that ends the tap can land on a part that
 * was not under the finger when it went down, such as an item's remove button. That click is
 * dropped, unless it lands on the input itself (or inside it: the placeholder of a picker's
 * button, where a tap on an empty date-and-time question lands) or the dropdown's options; clicks outside the
 * question and later taps are untouched.
 */
function swallowStrayClick(frame: Element | null, inputId: string): void {
  if (!frame) return;
  const onClick = (ev: MouseEvent) => {
    const target = ev.target as Element | null;
    // On the control itself, or on what it holds (a picker button's placeholder text): the click opens it.
    const onControl = !!target && !!document.getElementById(inputId)?.contains(target);
    if (target && frame.contains(target) && !onControl && !target.closest('[role="listbox"]')) {
      ev.preventDefault();
      ev.stopPropagation();
    }
  };
  document.addEventListener('click', onClick, { capture: true, once: true });
  setTimeout(() => document.removeEventListener('click', onClick, { capture: true }), 1000);
}
