import type { FormDefinition } from '@hub/model/forms';
import { describe, expect, it } from 'vitest';
import { dragAnnouncements, dropTarget, ruleMarkers } from './SlideList';

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

describe('drag announcements', () => {
  const withSection: FormDefinition = {
    ...def,
    slides: [
      ...def.slides,
      {
        name: 'C',
        contents: [
          {
            id: 's1',
            title: 'Switchboard',
            questionType: 'formSection',
            contents: [{ id: 'c1', title: 'Cover fitted', questionType: 'text' }],
          },
        ],
      },
    ],
  };
  const say = dragAnnouncements(() => withSection);
  const item = (id: string) => ({ id }) as never;

  it('names the question and its slide when it is picked up', () => {
    expect(say.onDragStart({ active: item('a2') })).toBe('Picked up question "A2" on slide 1, "A".');
  });

  it('names the question, row, slide or section it is over and dropped on, never an internal id', () => {
    expect(say.onDragOver({ active: item('a1'), over: item('b1') })).toBe('Question "A1" is over question "B1".');
    expect(say.onDragOver({ active: item('a1'), over: item('slide-head:1') })).toBe('Question "A1" is over the end of slide 2, "B".');
    expect(say.onDragEnd({ active: item('a1'), over: item('section:s1') })).toBe(
      'Question "A1" was dropped on the end of section "Switchboard".',
    );
    expect(say.onDragEnd({ active: item('c1'), over: null })).toBe('Question "Cover fitted" was dropped where it was.');
    expect(say.onDragCancel({ active: item('c1'), over: null })).toBe('Moving question "Cover fitted" was cancelled.');
  });
});

describe('ruleMarkers', () => {
  it('marks show conditions, Required and the number of other checks', () => {
    expect(ruleMarkers({ id: 'x', title: 'X', questionType: 'text' })).toEqual([]);
    expect(
      ruleMarkers({
        id: 'x',
        title: 'X',
        questionType: 'number',
        showConditions: [{ path: 'a1', condition: 'equal', value: 'No' }],
        validators: [{ validator: 'required' }, { validator: 'greaterThan', value: 0 }, { validator: 'lessThan', value: 9 }],
      } as never),
    ).toEqual(['Conditional', 'Required', '2 checks']);
    expect(ruleMarkers({ id: 'x', title: 'X', questionType: 'text', validators: [{ validator: 'email' }] } as never)).toEqual(['1 check']);
  });
});
