import { describe, expect, it } from 'vitest';
import { clearCollision, collide, collisionConfig, collisionHolds, initialCollision, reconfigureCollision, tickCollision } from './collision';

const S = 1_000;

describe('collision config', () => {
  it('reads the robot settings (1 normal, 2 safe) and falls back to safe mode with the spec numbers', () => {
    expect(collisionConfig(null)).toEqual({ mode: 'safe', safeStopMs: 30 * S, faultAfter: 3, windowMs: 60 * S });
    expect(collisionConfig({ collision: { collisionMode: 1 } }).mode).toBe('normal');
    expect(collisionConfig({ collision: { collisionMode: 2, safeModeStopSeconds: 10, faultAfterCollisions: 2, collisionWindowSeconds: 120 } })).toEqual({ mode: 'safe', safeStopMs: 10 * S, faultAfter: 2, windowMs: 120 * S });
  });
});

describe('normal mode', () => {
  const normal = initialCollision(collisionConfig({ collision: { collisionMode: 1 } }));

  it('stops until cleared, raising the collision alarm (301) and clearing it on reset', () => {
    const hit = collide(normal, 0);
    expect(hit.effects).toEqual({ raise: [301], clear: [] });
    expect(collisionHolds(hit.state)).toBe(true);
    // Time alone does not release it.
    const later = tickCollision(hit.state, 3_600 * S);
    expect(collisionHolds(later.state)).toBe(true);
    expect(later.effects).toEqual({ raise: [], clear: [] });
    const reset = clearCollision(later.state);
    expect(reset.effects).toEqual({ raise: [], clear: [301] });
    expect(collisionHolds(reset.state)).toBe(false);
  });

  it('never enters the fault, however many collisions', () => {
    let s = normal;
    for (let i = 0; i < 5; i++) s = clearCollision(collide(s, i * S).state).state;
    expect(collide(s, 10 * S).state.phase).toBe('stopped');
  });
});

describe('safe mode', () => {
  const safe = initialCollision(collisionConfig(null));

  it('stops 30 s and resumes by itself, clearing the collision alarm', () => {
    const hit = collide(safe, 0);
    expect(hit.state).toMatchObject({ phase: 'stopped', resumeAt: 30 * S, consecutive: 1 });
    expect(tickCollision(hit.state, 29 * S).state.phase).toBe('stopped');
    const resumed = tickCollision(hit.state, 30 * S);
    expect(resumed.state.phase).toBe('clear');
    expect(resumed.effects).toEqual({ raise: [], clear: [301] });
  });

  it('enters a fault (322) needing manual recovery on the 3rd consecutive collision; reset clears both codes', () => {
    let s = safe;
    for (const at of [0, 40, 80]) {
      const hit = collide(s, at * S);
      s = at === 80 ? hit.state : tickCollision(hit.state, (at + 30) * S).state;
      if (at === 80) expect(hit.effects).toEqual({ raise: [301, 322], clear: [] });
    }
    expect(s).toMatchObject({ phase: 'fault', consecutive: 3, resumeAt: null });
    expect(collisionHolds(tickCollision(s, 10_000 * S).state)).toBe(true);
    expect(collide(s, 100 * S).effects).toEqual({ raise: [], clear: [] });
    const reset = clearCollision(s);
    expect(reset.effects).toEqual({ raise: [], clear: [301, 322] });
    expect(reset.state).toMatchObject({ phase: 'clear', consecutive: 0 });
  });

  it('counts only consecutive collisions: one after a quiet window starts the count again', () => {
    let s = tickCollision(collide(safe, 0).state, 30 * S).state;
    s = tickCollision(collide(s, 40 * S).state, 70 * S).state;
    const after = collide(s, 40 * S + 61 * S);
    expect(after.state).toMatchObject({ phase: 'stopped', consecutive: 1 });
  });

  it('takes a new mode from the next collision on', () => {
    const s = reconfigureCollision(safe, collisionConfig({ collision: { collisionMode: 1 } }));
    expect(collide(s, 0).state.resumeAt).toBeNull();
  });
});
