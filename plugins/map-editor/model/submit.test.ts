import { describe, expect, it } from 'vitest';
import { copyProblem, isDirty, submitProblem, toSavePayload } from './submit';

const route = { id: '7', kind: 101, subKind: 1, name: 'R', points: [[0, 0], [5, 5]] as [number, number][], props: {} };

describe('submitting a drawing', () => {
  it('refuses an unchanged drawing', () => {
    expect(submitProblem({ elements: [route] }, { elements: [{ ...route }] })).toEqual({ key: 'mapUnchanged' });
    expect(isDirty({ elements: [route] }, { elements: [{ ...route, name: 'R2' }] })).toBe(true);
  });

  it('checks every rule of the whole drawing', () => {
    expect(submitProblem({ elements: [] }, { elements: [{ ...route, points: [[0, 0]] }] })).toMatchObject({ key: 'mapRouteTooShort' });
    expect(submitProblem({ elements: [] }, { elements: [route] })).toBeNull();
  });

  it('drops client ids of new elements in the payload', () => {
    expect(toSavePayload(3, { elements: [route, { ...route, id: 'new-1' }] }).elements.map((e) => ('id' in e ? e.id : null))).toEqual(['7', null]);
  });

  it('refuses copying pathways onto the same map', () => {
    expect(copyProblem(4, 4)).toEqual({ key: 'mapCopySameSource' });
    expect(copyProblem(4, 5)).toBeNull();
  });
});
