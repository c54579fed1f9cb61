import { describe, expect, it } from 'vitest';
import { PUSH_EVENTS } from '../protocol';
import { topicEventNames } from './topics';

describe('realtime pushes', () => {
  it('PUSH_EVENTS names exactly the pushes the topics catalogue declares (snapshot aside)', () => {
    expect([...PUSH_EVENTS].sort()).toEqual(topicEventNames().filter((e) => e !== 'snapshot').sort());
  });
});
