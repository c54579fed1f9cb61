import { describe, expect, it } from 'vitest';
import { applyAlarmPush } from './live-alarms';
import type { AlarmPush } from '@runtime';

const alarm = (id: number, over: Partial<AlarmPush> = {}): AlarmPush => ({ id, robotId: 'R1', robotName: null, companyId: 1, code: 301, kind: 'alarm', level: 2, message: null, status: 0, processStatus: 0, popup: true, sound: false, createdAt: '2026-11-23T10:00:00Z', ...over }) as AlarmPush;

describe('live alarms of the monitor overview', () => {
  it('starts from the open alarms of the snapshot, newest first', () => {
    expect(applyAlarmPush([], 'snapshot', [alarm(1), alarm(3), alarm(2, { status: 1 })]).map((a) => a.id)).toEqual([3, 1]);
  });
  it('adds a new alarm and drops one that is processed or released', () => {
    let list = applyAlarmPush([], 'alarm', alarm(5));
    list = applyAlarmPush(list, 'alarm', alarm(6));
    expect(list.map((a) => a.id)).toEqual([6, 5]);
    list = applyAlarmPush(list, 'alarmChange', alarm(5, { processStatus: 1 }));
    expect(list.map((a) => a.id)).toEqual([6]);
    expect(applyAlarmPush(list, 'somethingElse', null)).toBe(list);
  });
});
