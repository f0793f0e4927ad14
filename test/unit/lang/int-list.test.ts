import { describe, expect, it } from 'vitest';
import { IntList } from '../../../lang/int-list.js';

describe('IntList', () => {
  it('grows past its capacity, keeps its memory when truncated, and views its elements', () => {
    const list = new IntList(2);
    for (let i = 0; i < 5; i++) list.push(10 * i);
    expect([...list.view()]).toEqual([0, 10, 20, 30, 40]);
    const memory = list.data;
    list.truncate(2);
    expect([...list.view()]).toEqual([0, 10]);
    list.truncate(0);
    for (let i = 0; i < 5; i++) list.push(i);
    expect([...list.view()]).toEqual([0, 1, 2, 3, 4]);
    // refilled up to the size it had: no new memory
    expect(list.data).toBe(memory);
  });
});
