import fs from 'node:fs';
import path from 'node:path';
import { Parser } from '@asyncapi/parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MQTT_TOPICS, ROBOT_COMMANDS, type MqttTopicSpec, type RobotCommandSpec } from '../../common/events/mqtt';
import { SOCKET_FRAMES, TOPICS, topicEventNames, type TopicSpec } from '../../common/events/topics';
import { createAjv } from '../../server/schemas/loader';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { authedSocket } from '../helpers/socket-auth';

const ajv = createAjv();
const plain = (schema: unknown) => JSON.parse(JSON.stringify(schema)) as object;
const checkers = new Map<unknown, ReturnType<typeof ajv.compile>>();
/** Validates data against a declared schema; returns the errors as text ('' when valid). */
function problems(schema: unknown, data: unknown): string {
  let check = checkers.get(schema);
  if (!check) checkers.set(schema, (check = ajv.compile(plain(schema))));
  return check(data) ? '' : ajv.errorsText(check.errors);
}

/** Every server source file (the simulator, a robot, and tests excluded). */
function serverSources(dir = path.resolve(__dirname, '../../server')): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'simulator') out.push(...serverSources(p));
    } else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && e.name !== 'hub.ts') out.push(p); // the hub defines publishing, it publishes nothing itself
  }
  return out;
}

describe('realtime topics catalogue', () => {
  it('declares every push event the server code publishes', () => {
    // hub.publish / publishRobot / publishTo, the fleet state's emit, the alarm service's publish: the first string literal argument is the event.
    const call = /\b(?:hub\.publish\w*|publishRobot|publishTo|publishIn|this\.publish|alarms\.publish|this\.emit)\(([^;]*?)'([A-Za-z]+)'/g;
    const found = new Set<string>();
    for (const file of serverSources()) for (const m of fs.readFileSync(file, 'utf8').matchAll(call)) found.add(m[2]!);
    for (const known of ['status', 'gps', 'mapSync', 'mapProgress', 'alarm', 'alarmChange', 'naviProgress']) expect(found).toContain(known);
    const declared = new Set(topicEventNames());
    expect([...found].filter((e) => !declared.has(e))).toEqual([]);
  });
});

describe('AsyncAPI document', () => {
  let s: TestServer;
  let doc: any;
  beforeAll(async () => {
    s = await startTestServer();
    const res = await fetch(`${s.url}/api/asyncapi.json`); // no token: it describes the protocol, not data
    expect(res.status).toBe(200);
    doc = await res.json();
  });
  afterAll(async () => s?.close());

  it('every declared realtime topic is served by a feature, and a feature serves only declared topics', () => {
    const kinds = (spec: TopicSpec) => spec.pattern.split('/')[0]!;
    const declared = Object.values(TOPICS as Record<string, TopicSpec>).map(kinds).sort();
    expect([...s.server.services.hub.topicKinds()].sort()).toEqual(declared);
    expect(() => s.server.services.hub.addTopicKind('undeclared', { snapshot: async () => ({}) })).toThrow(
      'Realtime topic kind "undeclared" is not declared in common/events/topics.ts (TOPICS).',
    );
  });

  it('is a valid AsyncAPI 3.0 document', async () => {
    expect(doc.asyncapi).toBe('3.0.0');
    const { document, diagnostics } = await new Parser().parse(JSON.stringify(doc));
    const errors = diagnostics.filter((d) => d.severity === 0).map((d) => `${d.path.join('/')}: ${d.message}`);
    expect(errors).toEqual([]);
    expect(document).toBeDefined();
    expect(document!.servers().all().map((x) => x.protocol()).sort()).toEqual(['mqtt', 'ws']);
  });

  it('holds every realtime topic and its pushes, and the socket frames', () => {
    const channels = Object.values(doc.channels) as { address: string; messages: Record<string, unknown> }[];
    for (const topic of Object.values(TOPICS as Record<string, TopicSpec>)) {
      const ch = channels.find((c) => c.address === topic.pattern);
      expect(ch, topic.pattern).toBeDefined();
      const names = Object.keys(ch!.messages).map((k) => doc.components.messages[k].name);
      expect(names.sort()).toEqual(Object.keys(topic.events).sort());
    }
    const frames = Object.values(doc.components.messages).filter((m: any) => m.title?.includes('frame')).length;
    expect(frames).toBe(Object.keys(SOCKET_FRAMES.client).length + Object.keys(SOCKET_FRAMES.server).length);
  });

  it('holds every MQTT topic with its direction, and every command with the reply it expects', () => {
    const channels = Object.values(doc.channels) as { address: string; 'x-direction': string; messages: Record<string, unknown> }[];
    for (const topic of Object.values(MQTT_TOPICS as Record<string, MqttTopicSpec>)) {
      const ch = channels.find((c) => c.address === topic.pattern);
      expect(ch, topic.pattern).toBeDefined();
      expect(ch!['x-direction']).toBe(topic.direction);
    }
    const command = Object.values(doc.operations).find((o: any) => o.channel.$ref === '#/channels/mqtt.command') as any;
    expect(command.action).toBe('send');
    expect(command.reply.channel.$ref).toBe('#/channels/mqtt.reply');
    const commandNames = command.messages.map((m: { $ref: string }) => doc.components.messages[m.$ref.split('/').pop()!].name);
    expect(commandNames.sort()).toEqual(Object.keys(ROBOT_COMMANDS).sort());
  });

  it('describes the pushes the server really sends (fleet, robot, alarms, navigation snapshots and changes)', async () => {
    const token = await s.login('admin');
    const ws = authedSocket(`${s.url.replace('http', 'ws')}/ws`, token);
    const pushes: any[] = [];
    ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString());
      for (const m of frame.type === 'batch' ? frame.pushes : [frame]) if (m.type === 'push') pushes.push(m);
    });
    await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
    for (const topic of ['fleet', 'robot/01WR000001', 'alarms', 'navigation', 'maps/1']) ws.send(JSON.stringify({ type: 'subscribe', topic }));
    await s.call('simulateAlarm', { robotId: '01WR000001', code: 301 }, token);
    expect((await s.call('pushVideo', { robotId: '01WR000001', cameraId: 1, isPushVideo: 0 }, token)).statusCode).toBe(200);
    expect((await s.call('videoParamNew', { robotId: '01WR000001', index: 1, sharpness: 2 }, token)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 2_500));
    ws.close();
    const seen = new Set<string>();
    const wrong: string[] = [];
    for (const p of pushes) {
      const key = p.topic === 'fleet' ? 'fleet' : p.topic.split('/')[0];
      const spec = (TOPICS as Record<string, TopicSpec>)[key]?.events[p.event];
      if (!spec) {
        wrong.push(`${p.topic} ${p.event}: not declared`);
        continue;
      }
      seen.add(`${key} ${p.event}`);
      const why = problems(spec.data, p.data);
      if (why) wrong.push(`${p.topic} ${p.event}: ${why}`);
    }
    expect(wrong).toEqual([]);
    for (const k of ['fleet snapshot', 'robot snapshot', 'robot status', 'robot gps', 'robot pushVideoFlag', 'robot pushVideo', 'robot videoParamNew', 'robot videoUrlChange', 'alarms snapshot', 'alarms alarm', 'navigation snapshot', 'maps snapshot']) {
      expect(seen).toContain(k);
    }
  });

  it('describes the MQTT messages robots and the server really exchange (telemetry, a command and its reply)', async () => {
    const client = await s.mqtt(undefined, { clientId: `asyncapi-test-${process.pid}` });
    const messages: { topic: string; payload: any }[] = [];
    client.on('message', (topic, payload) => messages.push({ topic, payload: JSON.parse(payload.toString()) }));
    await client.subscribeAsync('fleet/robots/#');
    const token = await s.login('admin');
    await s.call('simulateAlarm', { robotId: '01WR000001', code: 301, state: 'clear' }, token);
    await s.call('reqEnabledDay', { robotId: '01WR000001', month: new Date().toISOString().slice(0, 7) }, token);
    expect((await s.call('camParamGet', { robotId: '01WR000001', cameraId: 0 }, token)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 5_500)); // the cameras' heartbeat comes every 5 s
    await client.endAsync(true);
    const wrong: string[] = [];
    const seen = new Set<string>();
    const commands = new Map<string, RobotCommandSpec>();
    for (const m of messages) {
      const kind = m.topic.split('/')[3]!;
      const spec = (MQTT_TOPICS as Record<string, MqttTopicSpec>)[kind];
      if (!spec) {
        wrong.push(`${m.topic}: not declared`);
        continue;
      }
      seen.add(kind);
      const why = problems(spec.payload, m.payload);
      if (why) wrong.push(`${m.topic}: ${why}`);
      if (kind === 'command') {
        const cmd = Object.values(ROBOT_COMMANDS as Record<string, RobotCommandSpec>).find((c) => c.action === m.payload.action);
        if (!cmd) wrong.push(`command ${String(m.payload.action)}: not declared`);
        else {
          commands.set(m.payload.id, cmd);
          const bad = problems(cmd.params, m.payload.params ?? {});
          if (bad) wrong.push(`command ${String(m.payload.action)} params: ${bad}`);
        }
      }
    }
    for (const m of messages.filter((x) => x.topic.endsWith('/reply'))) {
      const cmd = commands.get(m.payload.id);
      if (cmd?.data && m.payload.result === 'accepted') {
        const bad = problems(cmd.data, m.payload.data);
        if (bad) wrong.push(`reply to ${String(cmd.action)} data: ${bad}`);
      }
    }
    expect(wrong).toEqual([]);
    for (const k of ['status', 'gps', 'video', 'command', 'reply', 'alarm']) expect(seen).toContain(k);
    expect([...commands.values()].map((c) => c.action)).toEqual(expect.arrayContaining(['simulateAlarm', 'recordedDays', 'camParamGet']));
  });
});
