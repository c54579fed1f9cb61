import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../../../common/events/define';
import { trackEvents } from '../../../common/events/track';
import { TRACK_ACTIONS, TRACK_CHECK_ITEMS, TRACK_CONDITIONS, TRACK_LIMITS, TRACK_PERIODS, TRACK_RELATIONS, TRACK_REMOTE_COMMANDS } from '../../../common/track';
import { fieldsOf } from './track-events';
import { parseMapFile } from './track-http';

// The inline schemas the track operations validated with before the catalogue (server/track/track-events.ts).
const L = (en: string, zh: string, ja: string) => ({ 'x-labels': { en, zh, ja } });
const pathParams = { robot: { type: 'string' }, id: { type: 'string' }, mapId: { type: 'string' }, token: { type: 'string' } };
const name = { type: 'string', minLength: 1, maxLength: 32, ...L('Name', '名称', '名称') };
const pointProps = {
  name,
  pitch: { type: 'number', minimum: TRACK_LIMITS.pitchMin, maximum: TRACK_LIMITS.pitchMax, ...L('PTZ pitch', '云台俯仰', '雲台チルト') },
  rotate: { type: 'number', minimum: TRACK_LIMITS.rotateMin, maximum: TRACK_LIMITS.rotateMax, ...L('PTZ rotate', '云台旋转', '雲台回転') },
  lift: { type: 'number', minimum: TRACK_LIMITS.liftMin, maximum: TRACK_LIMITS.liftMax, ...L('Lift height', '升降高度', '昇降高さ') },
  position: { type: 'number', minimum: 0, maximum: 10_000, ...L('Robot position', '机器人位置', 'ロボット位置') },
  actions: { type: 'array', uniqueItems: true, maxItems: TRACK_ACTIONS.length, items: { enum: [...TRACK_ACTIONS] }, ...L('Actions', '动作', '動作') },
};
const taskProps = {
  name,
  type: { enum: [0, 1], ...L('Type', '类型', '種類') },
  runTime: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$', ...L('Execution time', '执行时间', '実行時刻') },
  period: { enum: [...TRACK_PERIODS], ...L('Period', '周期', '周期') },
  weekDays: { type: 'array', uniqueItems: true, items: { type: 'integer', minimum: 0, maximum: 6 }, ...L('Week days', '星期', '曜日') },
  policy: { enum: [0, 1], ...L('Policy', '策略', 'ポリシー') },
  enabled: { type: 'boolean', ...L('Enabled', '启用', '有効') },
  pointIds: { type: 'array', uniqueItems: true, maxItems: 100, items: { type: 'integer', minimum: 1 }, ...L('Inspection points', '巡检点', '点検ポイント') },
};
const ruleProps = {
  name,
  checkItem: { enum: TRACK_CHECK_ITEMS.map((c) => c.key), ...L('Check item', '检测项', '検査項目') },
  condition: { enum: [...TRACK_CONDITIONS], ...L('Condition', '条件', '条件') },
  value: { type: 'number', ...L('Value', '值', '値') },
  relation: { enum: [...TRACK_RELATIONS], ...L('Relation', '关系', '関係') },
  condition2: { enum: [...TRACK_CONDITIONS, null], ...L('Second condition', '第二条件', '第2条件') },
  value2: { type: ['number', 'null'], ...L('Second value', '第二个值', '第2の値') },
  interval: { type: 'integer', minimum: 0, maximum: 1440, ...L('Trigger interval (min)', '连续触发间隔（分钟）', '連続発報間隔（分）') },
  enabled: { type: 'boolean', ...L('Enabled', '启用', '有効') },
};
const mapProps = {
  robotId: { type: 'string', minLength: 1, ...L('Robot', '机器人', 'ロボット') },
  name,
  length: { type: 'number', exclusiveMinimum: 0, maximum: 10_000, ...L('Rail length (m)', '轨道长度（米）', 'レール長（m）') },
  labels: {
    type: 'array',
    maxItems: 200,
    items: { type: 'object', required: ['name', 'position'], properties: { name: { type: 'string', minLength: 1, maxLength: 32 }, position: { type: 'number', minimum: 0 } }, additionalProperties: false },
    ...L('Labels', '标签', 'ラベル'),
  },
};
const pageQuery = { pageNum: { type: 'integer', minimum: 1 }, pageSize: { type: 'integer', minimum: 1, maximum: 1000 } };
const schema = (props: Record<string, unknown>, required: string[] = []) => ({ type: 'object', ...(required.length ? { required } : {}), properties: { ...pathParams, ...props }, additionalProperties: false });

const BEFORE: Partial<Record<keyof typeof trackEvents, object>> = {
  'POST /robot/track/remoteControl/{id}': schema({ command: { enum: [...TRACK_REMOTE_COMMANDS], ...L('Command', '指令', 'コマンド') }, value: { type: 'number', ...L('Value', '值', '値') } }, ['command']),
  'POST /robot/track/map/create': schema(mapProps, ['robotId', 'name']),
  'POST /robot/track/map/update/{mapId}': schema({ ...mapProps, robotId: { type: 'string' } }),
  'POST /robot/track/inspectPoint/{robot}': schema(pointProps, ['name', 'position']),
  'POST /robot/track/inspectPoint/{robot}/{id}': schema(pointProps),
  'POST /robot/track/inspectTask/{robot}': schema(taskProps, ['name', 'pointIds']),
  'POST /robot/track/inspectTask/{robot}/{id}': schema(taskProps),
  'GET /robot/track/inspectResult/{robot}': schema({ ...pageQuery, taskName: { type: 'string', maxLength: 32 } }),
  'POST /robot/track/warnRules/{robot}': schema(ruleProps, ['name', 'checkItem']),
  'POST /robot/track/warnRules/{robot}/{id}': schema(ruleProps),
  'GET /robot/track/warnDetail/{robot}': schema({ ...pageQuery, dealt: { enum: ['true', 'false', ''] } }),
  'POST /robot/track/warnDetail/deal/{id}': schema({ dealResult: { type: 'string', minLength: 1, maxLength: 200, ...L('Handling result', '处理结果', '処理結果') } }, ['dealResult']),
};

/** A schema as JSON, object keys sorted (TypeBox writes `required` after `properties`). */
const canonical = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])])) : v;
const json = (v: unknown) => canonical(JSON.parse(JSON.stringify(v)));

describe('track catalogue', () => {
  it('validates each param with the schema the operation had before, keyword for keyword', () => {
    for (const [event, before] of Object.entries(BEFORE)) expect(json(trackEvents[event as keyof typeof trackEvents].param), event).toEqual(json(before));
    // Property order decides which error is reported first.
    expect(Object.keys(trackEvents['POST /robot/track/inspectTask/{robot}'].param.properties)).toEqual(['robot', 'id', 'mapId', 'token', ...Object.keys(taskProps)]);
  });

  it('leaves the params of the operations that validated nothing open', () => {
    for (const entry of Object.values(trackEvents)) {
      if (entry.name in BEFORE) continue;
      const param = json(entry.param) as { additionalProperties?: unknown; required?: unknown };
      expect(param.additionalProperties, entry.name).toBeUndefined();
      expect(param.required, entry.name).toBeUndefined();
    }
  });

  it('keeps access, mutating and audit of every operation', () => {
    const all = Object.values(trackEvents as Catalogue);
    const permission = (e: (typeof all)[number]) => (e.access.kind === 'permission' ? e.access.permission : null);
    const write = all.filter((e) => permission(e) === 'track:write');
    const read = all.filter((e) => permission(e) === 'track:read');
    expect(read.every((e) => e.name.startsWith('GET ') && !e.mutating)).toBe(true);
    expect(write.every((e) => !e.name.startsWith('GET '))).toBe(true);
    expect(write.filter((e) => e.audit).map((e) => e.name)).toEqual([
      'POST /robot/track/remoteControl/{id}',
      'POST /robot/track/inspectTask/{robot}/{id}/start',
      'POST /robot/track/inspectTask/{robot}/{id}/pause',
      'POST /robot/track/inspectTask/{robot}/{id}/resume',
      'POST /robot/track/inspectTask/{robot}/{id}/terminate',
    ]);
    expect(write.filter((e) => e.audit).every((e) => !e.mutating)).toBe(true);
    expect(write.filter((e) => !e.audit).every((e) => e.mutating)).toBe(true);
    expect(read.length + write.length).toBe(all.length);
  });

  it('knows the fields an update may change', () => {
    expect([...fieldsOf(trackEvents['POST /robot/track/inspectTask/{robot}/{id}'].param)]).toEqual(Object.keys(taskProps));
    expect([...fieldsOf(trackEvents['POST /robot/track/warnRules/{robot}/{id}'].param)]).toEqual(Object.keys(ruleProps));
  });
});

describe('track map files', () => {
  it('reads length and labels, cutting long names, and refuses other files', () => {
    expect(parseMapFile(JSON.stringify({ length: 80, labels: [{ name: 'G'.repeat(40), position: 3 }] }))).toEqual({ length: 80, labels: [{ name: 'G'.repeat(32), position: 3 }] });
    expect(parseMapFile('not json')).toBeNull();
    expect(parseMapFile(JSON.stringify({ length: 0, labels: [] }))).toBeNull();
    expect(parseMapFile(JSON.stringify({ length: 10, labels: [{ name: '', position: 1 }] }))).toBeNull();
  });
});
