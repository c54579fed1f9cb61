import { describe, expect, it } from 'vitest';
import { advanceEpisode, currentStep, EPISODE_FAULT_CODES, episodeCodes, episodeKindsFor, episodeSteps, EpisodeStatus, initialisingSteps, pickEpisode, startEpisode, type EpisodeKind } from './episodes';
import { driftEnv, envReport, initialEnv } from './environment';

/** A seeded random source (mulberry32), so a test is the same every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const free = { moving: false, offlineAllowed: true };
const kinds = (robotType: number, multiFloor = false, now = free) => episodeKindsFor({ robotType, multiFloor }, now);

describe('which episodes a robot can have', () => {
  it('riot and following only for security robots (Anbot 1, AnbotY 6)', () => {
    for (const type of [1, 6]) expect(kinds(type)).toEqual(expect.arrayContaining(['riot', 'following']));
    for (const type of [2, 3, 4, 5, 7]) expect(kinds(type)).not.toContain('riot');
  });

  it('lift rides only for mobile robots in a building of several floors', () => {
    expect(kinds(1, true)).toContain('lift');
    expect(kinds(1, false)).not.toContain('lift');
    expect(kinds(4, true)).not.toContain('lift'); // static
    expect(kinds(5, true)).not.toContain('lift'); // on a rail
  });

  it('a collision only while driving; a second robot offline never', () => {
    expect(kinds(2)).not.toContain('collision');
    expect(kinds(2, false, { moving: true, offlineAllowed: true })).toContain('collision');
    expect(kinds(4, false, { moving: true, offlineAllowed: true })).not.toContain('collision');
    expect(kinds(1, false, { moving: false, offlineAllowed: false })).not.toContain('offline');
  });

  it('a rail robot only drops subsystems, reports camera errors, upgrades or goes offline', () => {
    expect(kinds(5).sort()).toEqual(['cameraError', 'offline', 'upgrade', 'videoDrop']);
  });

  it('picks by weight, every kind possible', () => {
    const rand = seeded(7);
    const seen = new Set<EpisodeKind>();
    const all = kinds(1, true, { moving: true, offlineAllowed: true });
    for (let i = 0; i < 2_000; i++) seen.add(pickEpisode(all, rand)!);
    expect([...seen].sort()).toEqual([...all].sort());
    expect(pickEpisode([], rand)).toBeNull();
  });
});

describe('episode steps', () => {
  const rand = seeded(42);

  it('the lift sequence goes 17 → 18 → 19 → 20', () => {
    expect(episodeSteps('lift', rand).map((s) => s.status)).toEqual([EpisodeStatus.callingLift, EpisodeStatus.enteringLift, EpisodeStatus.inLift, EpisodeStatus.leavingLift]);
  });

  it('statuses last believably: SOS and upgrade short, mapping long; an error carries a fault code of spec §8', () => {
    for (let i = 0; i < 50; i++) {
      const [sos] = episodeSteps('sos', rand);
      expect(sos).toMatchObject({ status: 12 });
      expect(sos!.seconds).toBeGreaterThanOrEqual(8);
      expect(sos!.seconds).toBeLessThanOrEqual(20);
      expect(episodeSteps('upgrade', rand)[0]!.seconds).toBeLessThanOrEqual(45);
      expect(episodeSteps('mapping', rand)[0]!.seconds).toBeGreaterThanOrEqual(90);
      const [err] = episodeSteps('error', rand);
      expect(err!.status).toBe(4);
      expect(EPISODE_FAULT_CODES).toContain(err!.code);
    }
    expect(EPISODE_FAULT_CODES).toEqual(expect.arrayContaining([201, 211, 401, 410, 501, 504]));
    expect(EPISODE_FAULT_CODES).not.toContain(301);
  });

  it('flags drop without a status; a camera reports its code 4402 + camera; offline falls silent about a minute', () => {
    expect(episodeSteps('videoDrop', rand)[0]).toMatchObject({ videoOnline: 0 });
    expect(episodeSteps('videoDrop', rand)[0]!.status).toBeUndefined();
    expect(episodeSteps('interactDrop', rand)[0]).toMatchObject({ interactOnline: 0 });
    for (let i = 0; i < 20; i++) {
      const { cameraId, code } = episodeSteps('cameraError', rand)[0]!.cameraError!;
      expect(code).toBe(4402 + cameraId);
      expect(code).toBeGreaterThanOrEqual(4402);
      expect(code).toBeLessThanOrEqual(4406);
    }
    const [off] = episodeSteps('offline', rand);
    expect(off!.offline).toBe(true);
    expect(off!.seconds).toBeGreaterThanOrEqual(50);
    expect(off!.seconds).toBeLessThanOrEqual(70);
  });

  it('moves step by step and ends; the codes it raised are known for clearing', () => {
    const e = startEpisode('lift', [
      { status: 17, seconds: 2 },
      { status: 18, seconds: 1 },
    ]);
    expect(currentStep(e)?.status).toBe(17);
    const a = advanceEpisode(e, 1);
    expect(a.entered).toBeNull();
    const b = advanceEpisode(a.episode!, 1);
    expect(b.entered?.status).toBe(18);
    const c = advanceEpisode(b.episode!, 1);
    expect(c.episode).toBeNull();
    expect(episodeCodes(startEpisode('error', [{ status: 4, seconds: 60, code: 502 }]))).toEqual([502]);
  });

  it('initialising (10) lasts a few seconds', () => {
    const [init] = initialisingSteps(rand);
    expect(init!.status).toBe(EpisodeStatus.initialising);
    expect(init!.seconds).toBeGreaterThanOrEqual(3);
    expect(init!.seconds).toBeLessThanOrEqual(8);
  });
});

describe('environment readings', () => {
  it('drift slowly around the robot\'s usual values and stay believable for hours', () => {
    const rand = seeded(3);
    let e = initialEnv(1, rand);
    const start = envReport(e);
    e = driftEnv(e, 1, rand);
    const next = envReport(e);
    expect(Math.abs(next.temperature - start.temperature)).toBeLessThan(0.5);
    expect(Math.abs(next.humidity - start.humidity)).toBeLessThan(2);
    for (let i = 0; i < 10_800; i++) e = driftEnv(e, 1, rand);
    const later = envReport(e);
    expect(later.temperature).toBeGreaterThan(5);
    expect(later.temperature).toBeLessThan(40);
    expect(later.humidity).toBeGreaterThan(5);
    expect(later.humidity).toBeLessThanOrEqual(100);
    for (const v of Object.values(later)) expect(v).toBeGreaterThanOrEqual(0);
    expect(Object.keys(later).sort()).toEqual(['humidity', 'hydrogenFluoride', 'methane', 'pm25', 'smoke', 'temperature']);
  });

  it('a cold storage robot measures a cold, damp room', () => {
    const e = envReport(initialEnv(7, seeded(9)));
    expect(e.temperature).toBeLessThan(-10);
    expect(e.humidity).toBeGreaterThan(80);
  });
});
