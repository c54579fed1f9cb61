/**
 * Issue 20, last point: the numbered rules of spec §2–§9 through the API, each at its limit (taken)
 * and one step past it (refused with the exact message, nothing changed). Rules already checked on
 * both sides elsewhere are not repeated here; docs/spec-audit.md lists where each rule is tested.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceSheet } from '../helpers/face-sheet';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { waitUntil } from '../helpers/wait-until';
import { loginAll, rowCount, tableHash } from './admin-support';
import { renderDetectionPicture } from '../../server/simulator/detection-picture';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
beforeAll(async () => {
  s = await startTestServer({ SIM_ALARM_MINUTES: '0' });
  t = await loginAll(s);
  await until(async () => (await s.call('reqRobotStatus', { robotId: '01WR000001' }, t.admin)).param?.online === 1, 'robot online');
}, 90_000);
afterAll(async () => s?.close());

const until = <T>(probe: () => Promise<T | false | null | undefined>, what = 'condition') => waitUntil(probe, what);

describe('usernames 5-16 and passwords 6-16 (spec §5, §9)', () => {
  const USERNAME = 'Validation failed: Username: 5-16 letters and digits';
  const PASSWORD = 'Validation failed: Password: 6-16 letters and digits, with at least one letter and one digit';
  const user = (username: string, password = 'abc12345') => ({ username, name: 'Edge', roleId: 5, companyId: 2, password });

  it('addUser takes a username of 5 and of 16 and refuses 4 and 17, storing nothing', async () => {
    const before = await rowCount(s, 'users');
    expect(await s.call('addUser', user('abcd'), t.admin)).toEqual({ statusCode: 400, statusInfo: USERNAME });
    expect(await s.call('addUser', user('a'.repeat(17)), t.admin)).toEqual({ statusCode: 400, statusInfo: USERNAME });
    expect(await rowCount(s, 'users')).toBe(before);
    expect((await s.call('addUser', user('edge5'), t.admin)).statusCode).toBe(200);
    expect((await s.call('addUser', user('edge567890123456'), t.admin)).statusCode).toBe(200);
    expect(await rowCount(s, 'users')).toBe(before + 2);
  });

  it('addUser takes a password of 6 and of 16 and refuses 5 and 17; both log in', async () => {
    const before = await rowCount(s, 'users');
    expect(await s.call('addUser', user('pwfive', 'abc12'), t.admin)).toEqual({ statusCode: 400, statusInfo: PASSWORD });
    expect(await s.call('addUser', user('pwseventeen', 'abcdefgh123456789'), t.admin)).toEqual({ statusCode: 400, statusInfo: PASSWORD });
    expect(await rowCount(s, 'users')).toBe(before);
    expect((await s.call('addUser', user('pwsix', 'abc123'), t.admin)).statusCode).toBe(200);
    expect((await s.call('addUser', user('pwsixteen', 'abcdefgh12345678'), t.admin)).statusCode).toBe(200);
    expect((await s.login('pwsix', 'abc123')).length).toBeGreaterThan(20);
    expect((await s.login('pwsixteen', 'abcdefgh12345678')).length).toBeGreaterThan(20);
  });

  it('login refuses a username of 4 or 17 and a password of 5 or 17 by their format', async () => {
    const login = async (username: string, password: string) => (await s.call('login', { username, password, codeId: 'x', code: 'x' })).statusInfo;
    expect(await login('abcd', 'abc123')).toBe('Username: 5-16 letters and digits');
    expect(await login('a'.repeat(17), 'abc123')).toBe('Username: 5-16 letters and digits');
    expect(await login('pwsix', 'abc12')).toBe('Password: 6-16 letters and digits, with at least one letter and one digit');
    expect(await login('pwsix', 'abcdefgh123456789')).toBe('Password: 6-16 letters and digits, with at least one letter and one digit');
  });
});

describe('robot serial numbers: exactly 10 (spec §3, §5)', () => {
  it('takes 10 characters and refuses 9 and 11', async () => {
    const msg = 'Validation failed: Serial number: 10 letters and digits, the first two numeric';
    const before = await tableHash(s, 'robots');
    expect(await s.call('addRobot', { robotId: '51WR00001', robotName: 'Nine', companyId: 2 }, t.admin)).toEqual({ statusCode: 400, statusInfo: msg });
    expect(await s.call('addRobot', { robotId: '51WR0000011', robotName: 'Eleven', companyId: 2 }, t.admin)).toEqual({ statusCode: 400, statusInfo: msg });
    expect(await tableHash(s, 'robots')).toBe(before);
    expect((await s.call('addRobot', { robotId: '51WR000001', robotName: 'Ten', companyId: 2 }, t.admin)).param).toMatchObject({ robotId: '51WR000001', robotType: 1 });
  });
});

describe('company domain: a 2-4 letter suffix (spec §5)', () => {
  it('takes .io and .info, refuses .c and .infos', async () => {
    const msg = 'Validation failed: Domain: Invalid domain name (for example robots.example.com)';
    const before = await tableHash(s, 'companies');
    expect(await s.call('addCompany', { name: 'DomOne', domain: 'robots.c' }, t.admin)).toEqual({ statusCode: 400, statusInfo: msg });
    expect(await s.call('addCompany', { name: 'DomFive', domain: 'robots.infos' }, t.admin)).toEqual({ statusCode: 400, statusInfo: msg });
    expect(await tableHash(s, 'companies')).toBe(before);
    expect((await s.call('addCompany', { name: 'DomTwo', domain: 'robots.io' }, t.admin)).statusCode).toBe(200);
    expect((await s.call('addCompany', { name: 'DomFour', domain: 'robots.info' }, t.admin)).statusCode).toBe(200);
  });
});

describe('alarm type levels 1 to 3 (spec §3, §9)', () => {
  it('takes 1 and 3, refuses 0 and 4', async () => {
    const msg = 'Validation failed: Default level has a value that is not allowed';
    const before = await tableHash(s, 'alarm_types');
    expect(await s.call('addAlarmType', { name: 'LevelZero', level: 0 }, t.entadmin)).toEqual({ statusCode: 400, statusInfo: msg });
    expect(await s.call('addAlarmType', { name: 'LevelFour', level: 4 }, t.entadmin)).toEqual({ statusCode: 400, statusInfo: msg });
    expect(await tableHash(s, 'alarm_types')).toBe(before);
    expect((await s.call('addAlarmType', { name: 'LevelOne', level: 1 }, t.entadmin)).param).toMatchObject({ level: 1 });
    expect((await s.call('addAlarmType', { name: 'LevelThree', level: 3 }, t.entadmin)).param).toMatchObject({ level: 3 });
  });
});

describe('points of interest (spec §5, §9)', () => {
  let mapId: number;
  let before: unknown[];
  beforeAll(async () => {
    mapId = (await s.call('reqRobotStatus', { robotId: '01WR000001' }, t.admin)).param.mapId as number;
    before = (await s.call('getMapElements', { mapId }, t.entsuper)).param.elements;
  });
  afterAll(async () => {
    await s.call('saveMapElements', { mapId, elements: before }, t.entsuper);
  });
  const poi = (name: string, props: Record<string, unknown>) => ({ kind: 107, name, points: [[30, 30]], props: { type: 'interest', actions: [], ...props } });
  const save = async (...pois: unknown[]) => s.call('saveMapElements', { mapId, elements: [...before, ...pois] }, t.entsuper);
  const refused = async (statusInfo: string, ...pois: unknown[]) => {
    const hash = await tableHash(s, 'map_elements');
    expect(await save(...pois)).toEqual({ statusCode: 400, statusInfo });
    expect(await tableHash(s, 'map_elements')).toBe(hash);
  };
  const ok = async (...pois: unknown[]) => expect((await save(...pois)).statusCode).toBe(200);

  it('at most 5 actions per point', async () => {
    const five = [{ action: 'wait' }, { action: 'broadcast' }, { action: 'headTilt', pitchAngle: 10 }, { action: 'capture', captureCount: 1, intervals: '1,2' }, { action: 'detect', detectionType: 'face' }];
    await refused('At most 5 actions per point', poi('Six', { actions: [...five, { action: 'wait' }] }));
    await ok(poi('Five', { actions: five }));
  });

  it('an explanation task holds 2 to 14 points', async () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `P${i + 1}`);
    await refused('An explanation task needs at least 2 points', poi('Tour1', { type: 'explain', explainPoints: names(1) }));
    await refused('An explanation task can have at most 14 points', poi('Tour15', { type: 'explain', explainPoints: names(15) }));
    await ok(poi('Tour2', { type: 'explain', explainPoints: names(2) }));
    await ok(poi('Tour14', { type: 'explain', explainPoints: names(14) }));
  });

  it('at most 5 pictures, each png/jpg/jpeg of at most 512 KB', async () => {
    const pic = (i: number, size = 1000, ext = 'png') => ({ name: `p${i}.${ext}`, size });
    await refused('At most 5 pictures per point', poi('Pics6', { pictures: [1, 2, 3, 4, 5, 6].map((i) => pic(i)) }));
    await refused('A picture must be at most 512 KB', poi('Big', { pictures: [pic(1, 512 * 1024 + 1)] }));
    await refused('Pictures must be png, jpg or jpeg', poi('Gif', { pictures: [pic(1, 1000, 'gif')] }));
    await ok(poi('Pics5', { pictures: [pic(1, 512 * 1024), pic(2, 1000, 'jpg'), pic(3, 1000, 'jpeg'), pic(4), pic(5)] }));
  });

  it('capture count at least 1, intervals without a leading or trailing comma, head tilt and capture once', async () => {
    await refused('The capture count must be at least 1', poi('Cap0', { actions: [{ action: 'capture', captureCount: 0 }] }));
    await refused('intervals: numbers separated by commas, without a leading or trailing comma', poi('CapT', { actions: [{ action: 'capture', captureCount: 2, intervals: '1,2,' }] }));
    await refused('intervals: numbers separated by commas, without a leading or trailing comma', poi('CapL', { actions: [{ action: 'capture', captureCount: 2, intervals: ',1,2' }] }));
    await refused('The headTilt action can be used once per point', poi('Tilt2', { actions: [{ action: 'headTilt', pitchAngle: 1 }, { action: 'headTilt', pitchAngle: 2 }] }));
    await refused('The capture action can be used once per point', poi('Cap2', { actions: [{ action: 'capture', captureCount: 1 }, { action: 'capture', captureCount: 1 }] }));
    await ok(poi('Cap1', { actions: [{ action: 'capture', captureCount: 1, intervals: '1,2.5' }, { action: 'headTilt', pitchAngle: -90 }] }));
  });

  it('presets: digits only, 2, 45 and 49 reserved, 1 and 3 taken', async () => {
    const preset = (n: string) => poi(`Preset${n}`, { actions: [{ action: 'preset', preset: n, camera: 'front' }] });
    for (const n of ['2', '45', '49']) await refused('Presets 2, 45 and 49 are reserved', preset(n));
    await ok(preset('1'));
    await ok(preset('3'));
  });
});

describe('patrol task pickers: month 1-12, day 1-31, week 0-6, hour 0-23, all stored as * (spec §2)', () => {
  let mapId: number;
  const task = (extra: Record<string, unknown> = {}) => ({ name: 'PickRound', robotId: '01WR000002', mapId, routeName: 'Hall', count: 1, floor: 1, time: '22:30:00', months: '*', days: '*', weeks: '*', hours: '*', limitTimes: 0, ...extra });
  beforeAll(async () => {
    mapId = (await s.call('queryMap', { mapName: 'HQFloor1' }, t.entadmin)).param.list[0].mapId;
  });

  it('takes each picker at its limits and refuses one step past, naming the field; nothing is stored', async () => {
    const before = await tableHash(s, 'nav_tasks');
    const cases: [string, string, string][] = [
      ['months', '0', "Months: '*' (every month) or months 1 to 12 separated by commas"],
      ['months', '13', "Months: '*' (every month) or months 1 to 12 separated by commas"],
      ['months', '1,13', "Months: '*' (every month) or months 1 to 12 separated by commas"],
      ['days', '0', "Days: '*' (every day) or days 1 to 31 separated by commas"],
      ['days', '32', "Days: '*' (every day) or days 1 to 31 separated by commas"],
      ['weeks', '7', "Repeat days: '*' (every day of the week) or week days 0 (Sunday) to 6 separated by commas"],
      ['weeks', '-1', "Repeat days: '*' (every day of the week) or week days 0 (Sunday) to 6 separated by commas"],
      ['hours', '24', "Hours: '*' (every hour) or hours 0 to 23 separated by commas"],
      ['hours', '1,', "Hours: '*' (every hour) or hours 0 to 23 separated by commas"],
      ['hours', '', "Hours: '*' (every hour) or hours 0 to 23 separated by commas"],
    ];
    for (const [field, value, msg] of cases) {
      expect(await s.call('addNaviTask', task({ [field]: value }), t.entadmin), `${field}=${value}`).toEqual({ statusCode: 400, statusInfo: `Validation failed: ${msg}` });
    }
    expect((await s.call('addNaviTask', task({ months: '13' }), t.entadmin, 'zh')).statusInfo).toBe('校验失败：月份: 应为"*"（全部月份）或以逗号分隔的1到12的月份');
    expect((await s.call('addNaviTask', task({ hours: '24' }), t.entadmin, 'ja')).statusInfo).toBe('検証に失敗しました：時間帯: 「*」（毎時）またはカンマ区切りの0〜23の時を指定してください');
    expect(await tableHash(s, 'nav_tasks')).toBe(before);

    const made = await s.call('addNaviTask', task({ months: '1,12', days: '1,31', weeks: '0,6', hours: '0,23' }), t.entadmin);
    expect(made.statusCode).toBe(200);
    expect(made.param).toMatchObject({ months: '1,12', days: '1,31', weeks: '0,6', hours: '0,23' });

    const id = made.param.id as number;
    const after = await tableHash(s, 'nav_tasks');
    expect(await s.call('modifyNaviTask', { id, weeks: '0,7' }, t.entadmin)).toEqual({
      statusCode: 400,
      statusInfo: "Validation failed: Repeat days: '*' (every day of the week) or week days 0 (Sunday) to 6 separated by commas",
    });
    expect(await tableHash(s, 'nav_tasks')).toBe(after);
  });

  it('stores every option picked as *, and other picks ascending once each', async () => {
    const all = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(to - i)).join(',');
    const made = await s.call('addNaviTask', task({ name: 'AllRound', months: all(1, 12), days: all(1, 31), weeks: all(0, 6), hours: all(0, 23) }), t.entadmin);
    expect(made.param).toMatchObject({ months: '*', days: '*', weeks: '*', hours: '*' });
    const mod = await s.call('modifyNaviTask', { id: made.param.id, weeks: '5,1,5,3', hours: '23,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21' }, t.entadmin);
    expect(mod.param).toMatchObject({ weeks: '1,3,5', hours: '0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,23' });
  });
});

describe('face entries: password 6-18 letters and digits (spec §5, §9)', () => {
  let pictureUrl: string;
  beforeAll(async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(renderDetectionPicture('face', 5))]), 'p.png');
    pictureUrl = ((await (await fetch(`${s.url}/api/upload?kind=image`, { method: 'POST', headers: { token: t.entsuper }, body: form })).json()) as { data: { url: string } }).data.url;
  });
  const entry = (idNumber: string, password?: string) => ({ name: 'Zhao Lei', gender: 1, idType: 3, idNumber, entryType: 1, pictureUrl, ...(password === undefined ? {} : { password }) });

  it('refuses 5 and 19 characters and other characters, in each language, storing nothing', async () => {
    const before = await tableHash(s, 'face_entries');
    for (const password of ['abc12', 'a'.repeat(19), 'abc 123', 'abc-123']) {
      expect(await s.call('importFaceInfo', entry('FP1', password), t.entsuper), password).toEqual({ statusCode: 400, statusInfo: 'Validation failed: Password: 6-18 letters and digits' });
    }
    expect((await s.call('importFaceInfo', entry('FP1', 'abc12'), t.entsuper, 'zh')).statusInfo).toBe('校验失败：密码格式错误：6-18位字母或数字');
    expect((await s.call('importFaceInfo', entry('FP1', 'abc12'), t.entsuper, 'ja')).statusInfo).toBe('検証に失敗しました：パスワードは英数字6〜18文字です');
    expect(await tableHash(s, 'face_entries')).toBe(before);
  });

  it('takes 6 and 18 characters (letters only or digits only too), never answers them and keeps a hash', async () => {
    for (const [idNumber, password] of [['FP6', '123456'], ['FP18', 'abcdefghijklmnopqr'], ['FPNONE', undefined]] as const) {
      const made = await s.call('importFaceInfo', entry(idNumber, password), t.entsuper);
      expect(made.statusCode, idNumber).toBe(200);
      expect(made.param).not.toHaveProperty('password');
    }
    const rows = await s.server.services.db.query<{ idNumber: string; password: string | null }>(`SELECT "idNumber", "password" FROM face_entries WHERE "idNumber" LIKE 'FP%' ORDER BY "idNumber"`);
    expect(rows.map((r) => [r.idNumber, r.password === null ? null : r.password.slice(0, 10)])).toEqual([
      ['FP18', '$argon2id$'],
      ['FP6', '$argon2id$'],
      ['FPNONE', null],
    ]);
    const listed = (await s.call('reqFaceImportInfoPaging', { idNumber: 'FP6' }, t.entsuper)).param.list[0];
    expect(listed).toBeTruthy();
    expect(listed).not.toHaveProperty('password');
    const id = listed.id as number;
    const hash = await tableHash(s, 'face_entries');
    expect((await s.call('modifyFaceInfo', { id, password: 'x'.repeat(19) }, t.entsuper)).statusInfo).toBe('Validation failed: Password: 6-18 letters and digits');
    expect(await tableHash(s, 'face_entries')).toBe(hash);
    expect((await s.call('modifyFaceInfo', { id, password: 'y'.repeat(18) }, t.entsuper)).statusCode).toBe(200);
    expect(await tableHash(s, 'face_entries')).not.toBe(hash);
  });
});

describe('camera sliders (spec §5) and shutter 1/25 to 1/250 (spec §9)', () => {
  const set = (param: Record<string, string>) => s.call('camParamSet', { robotId: '01WR000001', cameraId: 1, ...param }, t.admin);
  const get = async () => (await s.call('camParamGet', { robotId: '01WR000001', cameraId: 1 }, t.admin)).param as Record<string, string>;

  it('takes each limit and refuses one step past, keeping the value', async () => {
    for (const [name, low, high] of [
      ['NightToDayFilterLevel', 0, 7],
      ['NightToDayFilterTime', 5, 20],
      ['whiteLightBrightnessHigh', 0, 100],
      ['infraredLightBrightnessLow', 0, 100],
    ] as const) {
      expect((await set({ [name]: String(low) })).param[name], `${name}=${low}`).toBe(String(low));
      expect((await set({ [name]: String(high) })).param[name], `${name}=${high}`).toBe(String(high));
      for (const past of [low - 1, high + 1]) {
        expect(await set({ [name]: String(past) }), `${name}=${past}`).toEqual({ statusCode: 400, statusInfo: `Camera parameter ${name}: value ${past} is not allowed` });
      }
      expect((await get())[name]).toBe(String(high));
    }
    expect((await set({ ShutterLevel: '1/25' })).param.ShutterLevel).toBe('1/25');
    expect((await set({ ShutterLevel: '1/250' })).param.ShutterLevel).toBe('1/250');
    for (const past of ['1/20', '1/300']) expect(await set({ ShutterLevel: past })).toEqual({ statusCode: 400, statusInfo: `Camera parameter ShutterLevel: value ${past} is not allowed` });
    expect((await get()).ShutterLevel).toBe('1/250');
  });
});

describe('chat timeout 1-9 s and greeting timeout 1-5 s (spec §5, §9)', () => {
  const set = (interaction: Record<string, number>) => s.call('setRobotParam', { robotId: '01WR000001', params: { interaction } }, t.entsuper);
  it('takes 1 and the maximum, refuses 0 and the maximum + 1', async () => {
    for (const [name, label, max] of [['chatTimeout', 'Chat timeout (s)', 9], ['greetingTimeout', 'Greeting timeout (s)', 5]] as const) {
      expect((await set({ [name]: 1 })).param.params.interaction[name]).toBe(1);
      expect((await set({ [name]: max })).param.params.interaction[name]).toBe(max);
      const hash = await tableHash(s, 'robot_settings');
      for (const past of [0, max + 1]) expect(await set({ [name]: past })).toEqual({ statusCode: 400, statusInfo: `Validation failed: ${label} is out of range` });
      expect(await tableHash(s, 'robot_settings')).toBe(hash);
    }
  });
});

describe('map layer count 6 to 10 (spec §3, §9)', () => {
  it('refuses 5 and 11 before any file is read, keeping no map', async () => {
    const b = await s.call('addBuilding', { name: 'LayerHall', regionName: 'North', floors: 1 }, t.entadmin);
    expect(b.statusCode).toBe(200);
    const layerMaps = async () => (await s.server.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM maps WHERE "mapName" LIKE 'Layer%'`))[0]!.n;
    for (const layer of [5, 11]) {
      const form = new FormData();
      form.append('data', JSON.stringify({ mapName: `Layer${layer}`, buildingId: b.param.id, floor: 1, mapType: 1, layer }));
      form.append('pgm', new Blob([new Uint8Array(Buffer.from('P5\n2 2\n255\n\u0000\u0000\u0000\u0000', 'latin1'))]), 'map.pgm');
      form.append('yaml', new Blob(['image: map.pgm\nresolution: 0.05\norigin: [0, 0, 0]\nnegate: 0\noccupied_thresh: 0.65\nfree_thresh: 0.196\n']), 'map.yaml');
      const res = await (await fetch(`${s.url}/robot/map/upload`, { method: 'POST', headers: { token: t.entadmin, 'accept-language': 'en' }, body: form })).json();
      expect(res, `layer ${layer}`).toEqual({ code: 400, message: 'layer is out of range' });
    }
    expect(await layerMaps()).toBe(0);
  });
});

describe('face library counts: 9 faces a person, 50 files and 500 entries a batch (spec §5, §9)', () => {
  const photo = (seed: number) => Buffer.from(renderDetectionPicture('face', seed));
  async function uploadPhotos(n: number, seed: number): Promise<string[]> {
    const form = new FormData();
    for (let i = 0; i < n; i++) form.append('file', new Blob([new Uint8Array(photo(seed + i))]), `f${i}.png`);
    const res = (await (await fetch(`${s.url}/api/upload?kind=image`, { method: 'POST', headers: { token: t.entsuper }, body: form })).json()) as { code: number; data: { files: { url: string }[] } };
    expect(res.code).toBe(0);
    return res.data.files.map((f) => f.url);
  }
  const row = (i: number, file: string) => [`Person ${String.fromCharCode(65 + (i % 26))}`, 'Female', '', 'Work number', `B${i}`, 'Harbor', '', 'Clerk', 'Black list', '', file];
  async function batch(files: { name: string; body: Buffer }[]): Promise<{ code: number; message?: string; data?: { imported: number } }> {
    const form = new FormData();
    for (const f of files) form.append('file', new Blob([new Uint8Array(f.body)]), f.name);
    return (await fetch(`${s.url}/api/faces/import?lang=en`, { method: 'POST', headers: { token: t.entsuper }, body: form })).json() as never;
  }

  it('takes 9 faces for one person (10 are refused in faces.test.ts)', async () => {
    const urls = await uploadPhotos(9, 900);
    const made = await s.call('importFaceInfo', { name: 'Nine Faces', gender: 2, idType: 3, idNumber: 'N9', entryType: 1, pictureUrl: urls.join(',') }, t.entsuper);
    expect(made.statusCode).toBe(200);
    expect(made.param.pictureUrl.split(',')).toHaveLength(9);
  });

  it('takes a batch of 50 files (the sheet and 49 photos) and of 500 entries; refuses 501', async () => {
    const pics = Array.from({ length: 49 }, (_, i) => ({ name: `q${i}.png`, body: photo(2000 + i) }));
    const fifty = await batch([{ name: 'faces.xlsx', body: await faceSheet(pics.map((p, i) => row(i, p.name))) }, ...pics]);
    expect(fifty).toMatchObject({ code: 0, data: { imported: 49 } });

    const pic = { name: 'x.png', body: photo(3000) };
    const before = await tableHash(s, 'face_entries');
    const over = await batch([{ name: 'faces.xlsx', body: await faceSheet(Array.from({ length: 501 }, (_, i) => row(1000 + i, 'x.png'))) }, pic]);
    expect(over).toEqual({ code: 400, message: 'Batch error: more than 500 entries in one batch' });
    expect(await tableHash(s, 'face_entries')).toBe(before);
    const count = await rowCount(s, 'face_entries');
    const limit = await batch([{ name: 'faces.xlsx', body: await faceSheet(Array.from({ length: 500 }, (_, i) => row(1000 + i, 'x.png'))) }, pic]);
    expect(limit).toMatchObject({ code: 0, data: { imported: 500 } });
    expect(await rowCount(s, 'face_entries')).toBe(count + 500);
  }, 60_000);
});
