import type { FormDefinition } from '@hub/model/forms';
import { describe, expect, it } from 'vitest';
import { dropTarget } from './SlideList';

const def: FormDefinition = {
  slides: [
    {
      name: 'A',
      contents: [
        { id: 'a1', title: 'A1', questionType: 'text' },
        { id: 'a2', title: 'A2', questionType: 'text' },
      ],
    },
    { name: 'B', contents: [{ id: 'b1', title: 'B1', questionType: 'text' }] },
  ],
  pagination: { type: 'page' },
  customOptions: [],
};

describe('dropTarget', () => {
  it('puts a question dropped on a closed slide’s header at the end of that slide', () => {
    expect(dropTarget(def, 'a1', 'slide-head:1')).toEqual({ slide: 1, section: null, index: 1 });
  });

  it('treats a header drop on the question’s own slide as a move to its end', () => {
    expect(dropTarget(def, 'a1', 'slide-head:0')).toEqual({ slide: 0, section: null, index: 1 });
  });

  it('refuses a header of a slide that does not exist', () => {
    expect(dropTarget(def, 'a1', 'slide-head:5')).toBeNull();
  });

  it('takes a drop on a row to that row’s place, and on a list to its end', () => {
    expect(dropTarget(def, 'b1', 'a2')).toMatchObject({ slide: 0, index: 1 });
    expect(dropTarget(def, 'b1', 'slide:0')).toEqual({ slide: 0, section: null, index: 2 });
  });
});
