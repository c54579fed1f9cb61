import { describe, expect, it } from 'vitest';
import { TrackStatus } from '../../common/track';
import type { TrackMessage } from '../../common/events/track';
import { TrackRail } from './track-sim';

const cmd = (action: string, params: Record<string, unknown>) => ({ id: 'x', action: action as never, params, t: 0 });
const points = [
  { id: 1, name: 'A', position: 4, pitch: 10, rotate: 90, lift: 200, actions: ['photo', 'temperature'] },
  { id: 2, name: 'B', position: 2, pitch: 0, rotate: 0, lift: 0, actions: ['humidity'] },
];

function runFor(rail: TrackRail, seconds: number): TrackMessage[] {
  const out: TrackMessage[] = [];
  for (let i = 0; i < seconds; i++) out.push(...rail.step(1));
  return out;
}

describe('simulated rail robot', () => {
  it('visits each point in order, turns its head there, reports readings and a picture, then ends the run', () => {
    const rail = new TrackRail('04TP000001');
    expect(rail.command(cmd('trackTask', { runId: 7, taskId: 3, points }))).toMatchObject({ data: { trackStatus: TrackStatus.running, taskId: 3 } });
    const out = runFor(rail, 10);
    const reports = out.filter((m) => m.kind === 'point');
    expect(reports.map((m) => [m.pointName, m.position])).toEqual([
      ['A', 4],
      ['B', 2],
    ]);
    expect(Object.keys(reports[0]!.readings)).toEqual(['temperature']);
    expect(reports[0]!.picture).toContain('<svg');
    expect(reports[1]!.picture).toBeNull();
    expect(out.find((m) => m.kind === 'done')).toMatchObject({ runId: 7, status: 4 });
    expect(rail.state()).toMatchObject({ trackStatus: TrackStatus.idle, position: 2, taskId: null });
  });

  it('refuses a second run and hand moves while a run goes on; a paused run may be driven and resumes', () => {
    const rail = new TrackRail('04TP000001');
    rail.command(cmd('trackTask', { runId: 1, taskId: 1, points: [points[0]] }));
    expect(rail.command(cmd('trackTask', { runId: 2, taskId: 1, points }))).toBe('state');
    expect(rail.command(cmd('trackRemote', { command: 'forward', value: 5 }))).toBe('state');
    expect(rail.command(cmd('trackRemote', { command: 'lift', value: 5000 }))).toMatchObject({ data: { lift: 2000 } });
    rail.command(cmd('trackTaskControl', { op: 'pause' }));
    expect(rail.command(cmd('trackRemote', { command: 'goTo', value: 1 }))).toMatchObject({ data: { trackStatus: TrackStatus.paused } });
    runFor(rail, 2);
    expect(rail.state().position).toBe(1);
    rail.command(cmd('trackTaskControl', { op: 'resume' }));
    expect(runFor(rail, 5).some((m) => m.kind === 'done' && m.status === 4)).toBe(true);
  });

  it('moves by remote control within the rail and stops there', () => {
    const rail = new TrackRail('04TP000001', 10);
    rail.command(cmd('trackRemote', { command: 'forward', value: 30 }));
    expect(rail.state().trackStatus).toBe(TrackStatus.running);
    runFor(rail, 6);
    expect(rail.state()).toMatchObject({ position: 10, trackStatus: TrackStatus.idle });
    expect(rail.command(cmd('trackRemote', { command: 'fly' }))).toBe('unsupported');
  });

  it('an emergency stop is a fault (error 9); released, the run waits paused', () => {
    const rail = new TrackRail('04TP000001');
    rail.command(cmd('trackTask', { runId: 1, taskId: 1, points: [points[0]] }));
    runFor(rail, 1);
    rail.setFault(true);
    const at = rail.state().position;
    runFor(rail, 3);
    expect(rail.state()).toMatchObject({ trackStatus: TrackStatus.error, position: at, speed: 0 });
    rail.setFault(false);
    expect(rail.state().trackStatus).toBe(TrackStatus.paused);
    rail.command(cmd('trackTaskControl', { op: 'resume' }));
    expect(runFor(rail, 5).some((m) => m.kind === 'done')).toBe(true);
  });
});
