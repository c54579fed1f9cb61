import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { authedSocket } from '../helpers/socket-auth';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

function open(token: string): Promise<{ ws: WebSocket; messages: any[]; next: (pred: (m: any) => boolean, ms?: number) => Promise<any> }> {
  const ws = authedSocket(`${s.url.replace('http', 'ws')}/ws`, token);
  const messages: any[] = [];
  const waiters: { pred: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString());
    // Pushes arrive one per frame or several in a batch frame.
    for (const m of frame.type === 'batch' ? frame.pushes : [frame]) {
      messages.push(m);
      for (const w of [...waiters]) if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  const next = (pred: (m: any) => boolean, ms = 10_000) =>
    new Promise<any>((resolve, reject) => {
      const found = messages.find(pred);
      if (found) return resolve(found);
      const t = setTimeout(() => reject(new Error('timed out waiting for a message')), ms);
      waiters.push({ pred, resolve: (m) => (clearTimeout(t), resolve(m)) });
    });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages, next }));
    ws.once('error', reject);
  });
}

describe('realtime link', () => {
  it('closes a socket with a bad token with code 4403', async () => {
    const ws = authedSocket(`${s.url.replace('http', 'ws')}/ws`, 'bad');
    const code = await new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)));
    expect(code).toBe(4403);
  });

  it('sends a heartbeat, then a snapshot on subscribe, then live status and gps from the simulated robot', async () => {
    const token = await s.login('monitor');
    const { ws, next } = await open(token);
    expect((await next((m) => m.type === 'heartbeat')).t).toBeGreaterThan(0);
    ws.send(JSON.stringify({ type: 'subscribe', topic: 'robot/01WR000001' }));
    const snap = await next((m) => m.event === 'snapshot');
    expect(snap.data).toMatchObject({ robotId: '01WR000001', robotName: 'PatrolA1', robotType: 1 });
    const status = await next((m) => m.event === 'status' && m.data.online === 1);
    expect(typeof status.data.status).toBe('number');
    expect(status.data.battery).toBeGreaterThan(0);
    const gps = await next((m) => m.event === 'gps');
    expect(typeof gps.data.x).toBe('number');
    ws.close();
  });

  it('streams every robot of the caller company tree on the fleet topic, and none of other companies', async () => {
    const token = await s.login('monitor');
    const { ws, next, messages } = await open(token);
    ws.send(JSON.stringify({ type: 'subscribe', topic: 'fleet' }));
    const snap = await next((m) => m.topic === 'fleet' && m.event === 'snapshot');
    const ids = snap.data.map((r: { robotId: string }) => r.robotId);
    expect(ids).toContain('01WR000001');
    expect(ids).not.toContain('05WV000001');
    const status = await next((m) => m.topic === 'robot/01WR000001' && m.event === 'status');
    expect(status.data.online).toBe(1);
    await next((m) => m.topic === 'robot/01WR000001' && m.event === 'gps');
    expect(messages.some((m) => m.topic === 'robot/05WV000001')).toBe(false);
    ws.close();
  });

  it('refuses a robot outside the caller company scope', async () => {
    const token = await s.login('monitor'); // HarborSecurity: MetroColdChain robots are not theirs
    const { ws, next } = await open(token);
    ws.send(JSON.stringify({ type: 'subscribe', topic: 'robot/05WV000001' }));
    expect((await next((m) => m.type === 'error')).message).toBe('cannot subscribe to robot/05WV000001');
    ws.close();
  });

  it('answers the menu tree company › region › map › robots for the caller', async () => {
    const token = await s.login('monitor');
    const tree = (await s.call('getMenuList', {}, token)).param;
    expect(tree.map((c: { name: string }) => c.name).sort()).toEqual(['HarborEast', 'HarborSecurity']);
    const harbor = tree.find((c: { name: string }) => c.name === 'HarborSecurity');
    expect(harbor.regions[0].regionName).toBe('NorthCampus');
    expect(harbor.regions[0].maps[0].robots.map((r: { robotId: string }) => r.robotId)).toContain('01WR000001');
  });
});
