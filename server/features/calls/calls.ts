/**
 * Calls with robots (issue 21): the server relays the WebRTC signalling between a console and a
 * robot and keeps each call as a webrtc_logs row. Nothing of a call lives in this process: any
 * replica handles any event of any call (the robot's replies come back through the gateway's
 * request, which the replica sending the command awaits), and the partial unique index of
 * migration 036 keeps one live call a robot across the cluster.
 */
import { randomBytes } from 'node:crypto';
import { StatusCode } from '../../../common/protocol';
import { REFUSALS, type RobotReply } from '../../../common/robot-actions';
import { CallDirection, CallResult, CallState, callEvents, type CallInfo, type CallRing, type CallStats } from '../../../common/events/calls';
import { RoleId } from '../../../common/access';
import { bumpTable } from '../../entities/crud';
import { AppError } from '../../errors';
import type { EventRegistry, AuthedContext } from '../../events/registry';
import type { Services } from '../../services';
import { robotCommands } from '../control/robot-commands';
import { iceServersFor } from './ice';

type CallRow = {
  callId: string;
  robotId: string;
  userId: number | null;
  username: string | null;
  direction: number;
  video: number;
  state: number;
  result: number;
  startTime: string;
  connectTime: string | null;
  endTime: string | null;
  duration: number | null;
  robotAudioPackets: number | null;
  robotAudioBytes: number | null;
};

const TABLE = 'webrtc_logs';
const COLUMNS = `"callId", "robotId", "userId", username, direction, video, state, result, "startTime"::text AS "startTime", "connectTime"::text AS "connectTime", "endTime"::text AS "endTime", duration, "robotAudioPackets", "robotAudioBytes"`;

const iso = (t: string | null): string | null => (t === null ? null : new Date(t).toISOString());
const infoOf = (r: CallRow): CallInfo => ({
  callId: r.callId,
  robotId: r.robotId,
  direction: r.direction,
  video: r.video === 1,
  state: r.state,
  result: r.result,
  startTime: iso(r.startTime)!,
  connectTime: iso(r.connectTime),
  endTime: iso(r.endTime),
  duration: r.duration,
  robotAudioPackets: r.robotAudioPackets,
  robotAudioBytes: r.robotAudioBytes,
});

/** How long the server waits for a robot's SDP answer to the offer of an accepted SOS call (it rang already). */
const INCOMING_ANSWER_MS = 10_000;
/** A call still waiting this long after its ring time-out (never offered) ends as an error. */
const STALE_WAITING_MS = 60_000;

/** Pushes an SOS call's ring state on the robot's topic (and to the fleet subscriptions of its company tree). */
function pushRing(svc: Services, r: { callId: string; robotId: string; video: number | boolean }, state: CallRing['state'], takenBy?: string | null): void {
  const data: CallRing = { callId: r.callId, robotId: r.robotId, robotName: svc.fleet.get(r.robotId)?.robotName ?? r.robotId, video: r.video === true || r.video === 1, state, ...(takenBy ? { takenBy } : {}) };
  svc.hub.publishRobot(r.robotId, 'callRing', data);
}

/** The ICE servers a robot gets with a call offer (TURN credentials of the user robot-<robotId>). */
const robotIceServers = (svc: Services, robotId: string) => iceServersFor(svc.config, `robot-${robotId}`);

/** A unique violation of the one-live-call-a-robot index (PostgreSQL and PGlite both say 23505). */
const isUniqueViolation = (e: unknown): boolean => (e as { code?: string }).code === '23505';

export function registerCallEvents(reg: EventRegistry, svc: Services): void {
  const rc = robotCommands(svc);

  const rowOf = async (callId: string): Promise<CallRow | undefined> => (await svc.db.query<CallRow>(`SELECT ${COLUMNS} FROM webrtc_logs WHERE "callId" = $1`, [callId]))[0];

  /** The call, if the caller may see its robot. */
  const visibleCall = async (ctx: AuthedContext, callId: string): Promise<CallRow> => {
    const row = await rowOf(callId);
    if (!row) throw new AppError(StatusCode.badRequest, 'callNotFound');
    const robot = svc.fleet.get(row.robotId);
    if (!robot) throw new AppError(StatusCode.badRequest, 'callNotFound');
    await rc.visibleRobot(ctx, row.robotId);
    return row;
  };

  /** Ends a live call with a result (an SOS call also rings 'ended' on every console); false when it had already ended. */
  const end = async (callId: string, result: number, stats?: CallStats, audio?: { audioPackets: number; audioBytes: number }): Promise<boolean> => {
    const rows = await svc.db.query<{ callId: string; robotId: string; direction: number; video: number; username: string | null }>(
      `UPDATE webrtc_logs SET state = 0, result = $2, "endTime" = now(),
         duration = CASE WHEN "connectTime" IS NULL THEN 0 ELSE GREATEST(0, round(extract(epoch FROM (now() - "connectTime"))))::int END,
         rtt = COALESCE($3, rtt), "packetsLost" = COALESCE($4, "packetsLost"), bitrate = COALESCE($5, bitrate),
         "robotAudioPackets" = COALESCE($6, "robotAudioPackets"), "robotAudioBytes" = COALESCE($7, "robotAudioBytes")
       WHERE "callId" = $1 AND state > 0 RETURNING "callId", "robotId", direction, video, username`,
      [callId, result, stats?.rtt ?? null, stats?.packetsLost ?? null, stats?.bitrate ?? null, audio?.audioPackets ?? null, audio?.audioBytes ?? null],
    );
    bumpTable(TABLE);
    for (const r of rows) if (r.direction === CallDirection.incoming) pushRing(svc, r, 'ended', r.username);
    return rows.length > 0;
  };

  /** Asks the robot without throwing (hang-ups and stats are best effort). */
  const tryAsk = async (robotId: string, action: 'callHangUp' | 'callStats', callId: string): Promise<RobotReply | null> => {
    if (!svc.gateway || !svc.fleet.get(robotId)?.online) return null;
    try {
      return await svc.gateway.request(robotId, action, { callId }, 3_000);
    } catch {
      return null;
    }
  };
  const audioOf = (reply: RobotReply | null): { audioPackets: number; audioBytes: number } | undefined => {
    const d = reply?.result === 'accepted' ? (reply.data as { audioPackets?: unknown; audioBytes?: unknown } | undefined) : undefined;
    return d && typeof d.audioPackets === 'number' && typeof d.audioBytes === 'number' ? { audioPackets: d.audioPackets, audioBytes: d.audioBytes } : undefined;
  };

  reg.handle(callEvents.callStart, async (ctx, p) => {
    const robot = await rc.visibleRobot(ctx, p.robotId);
    if (!robot.online) throw new AppError(StatusCode.badRequest, 'robotOffline');
    if (!robot.interactOnline) throw new AppError(StatusCode.badRequest, 'interactOffline');
    const callId = randomBytes(16).toString('hex');
    try {
      await svc.db.query(
        `INSERT INTO webrtc_logs ("callId", "robotId", "companyId", "userId", username, direction, video, state, result) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [callId, p.robotId, robot.companyId, ctx.session.userId, ctx.session.username, CallDirection.outgoing, p.video ? 1 : 0, CallState.waiting, CallResult.waiting],
      );
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError(StatusCode.badRequest, 'edgeInConversation');
      throw e;
    }
    bumpTable(TABLE);
    return { callId, state: CallState.waiting, iceServers: iceServersFor(svc.config, String(ctx.session.userId)) };
  });

  reg.handle(callEvents.callAccept, async (ctx, p) => {
    const row = await visibleCall(ctx, p.callId);
    if (row.direction !== CallDirection.incoming) throw new AppError(StatusCode.badRequest, 'callNotIncoming');
    // The first console wins: one conditional UPDATE, atomic on every replica.
    const taken = await svc.db.query<{ callId: string }>(
      `UPDATE webrtc_logs SET "userId" = $2, username = $3 WHERE "callId" = $1 AND direction = $4 AND state = $5 AND "userId" IS NULL RETURNING "callId"`,
      [p.callId, ctx.session.userId, ctx.session.username, CallDirection.incoming, CallState.waiting],
    );
    if (taken.length === 0) {
      const now = (await rowOf(p.callId))!;
      throw new AppError(StatusCode.badRequest, now.userId !== null ? 'callTaken' : 'callEnded');
    }
    bumpTable(TABLE);
    pushRing(svc, row, 'taken', ctx.session.username);
    return { callId: p.callId, state: CallState.waiting, iceServers: iceServersFor(svc.config, String(ctx.session.userId)) };
  });

  reg.handle(callEvents.simulateSosCall, async (ctx, p) => {
    if (ctx.session.roleId !== RoleId.superAdmin) throw new AppError(StatusCode.noPermission, 'noPermission');
    // In-process simulator, or (an external broker: a cluster) the simulator as a process of its own.
    if (!svc.gateway || (!svc.config.simulator && !svc.config.mqttUrl)) throw new AppError(StatusCode.badRequest, 'simulatorOff');
    const reply = await rc.command(ctx, p.robotId, 'simulateSosButton', { video: p.video ?? true });
    return { robotId: p.robotId, mode: Number((reply.data as { mode?: unknown } | undefined)?.mode ?? 1) };
  });

  reg.handle(callEvents.callSignal, async (ctx, p) => {
    const row = await visibleCall(ctx, p.callId);
    if (row.state === CallState.idle) throw new AppError(StatusCode.badRequest, 'callEnded');
    const robot = svc.fleet.get(row.robotId);
    if (!robot?.online || !svc.gateway) {
      await end(p.callId, CallResult.error);
      throw new AppError(StatusCode.badRequest, 'robotOffline');
    }
    if (p.kind === 'candidate') {
      if (row.state !== CallState.onCall && row.state !== CallState.waiting) throw new AppError(StatusCode.badRequest, 'callEnded');
      void svc.gateway.request(row.robotId, 'callCandidate', { callId: p.callId, candidate: p.data }, 3_000).catch(() => null);
      return { kind: 'ack' as const, state: row.state };
    }
    if (row.state !== CallState.waiting) throw new AppError(StatusCode.badRequest, 'refusedState');
    const incoming = row.direction === CallDirection.incoming;
    // An SOS call: only the console that accepted it sends the offer.
    if (incoming && row.userId !== ctx.session.userId) throw new AppError(StatusCode.badRequest, row.userId === null ? 'refusedState' : 'callTaken');
    const reply = await svc.gateway.request(
      row.robotId,
      'callOffer',
      { callId: p.callId, sdp: p.data, video: row.video === 1, incoming, iceServers: robotIceServers(svc, row.robotId) },
      incoming ? INCOMING_ANSWER_MS : svc.config.callRingTimeoutMs,
    );
    if (!reply) {
      await end(p.callId, CallResult.noAnswer);
      void tryAsk(row.robotId, 'callHangUp', p.callId);
      throw new AppError(StatusCode.badRequest, 'callNoAnswer');
    }
    if (reply.result !== 'accepted') {
      const reason = reply.reason ?? 'state';
      await end(p.callId, reason === 'busy' ? CallResult.busy : reason === 'reject' ? CallResult.reject : CallResult.error);
      throw new AppError(StatusCode.badRequest, REFUSALS[reason] ?? 'refusedState');
    }
    const sdp = (reply.data as { sdp?: unknown } | undefined)?.sdp;
    if (typeof sdp !== 'string') {
      await end(p.callId, CallResult.error);
      void tryAsk(row.robotId, 'callHangUp', p.callId);
      throw new AppError(StatusCode.badRequest, 'callPeerMediaFailed');
    }
    const connected = await svc.db.query<{ callId: string }>(`UPDATE webrtc_logs SET state = $2, result = $3, "connectTime" = now() WHERE "callId" = $1 AND state = $4 RETURNING "callId"`, [
      p.callId,
      CallState.onCall,
      CallResult.success,
      CallState.waiting,
    ]);
    bumpTable(TABLE);
    if (connected.length === 0) {
      // Hung up while the robot rang: the robot is told the call is over.
      void tryAsk(row.robotId, 'callHangUp', p.callId);
      throw new AppError(StatusCode.badRequest, 'callEnded');
    }
    return { kind: 'answer' as const, data: sdp, state: CallState.onCall };
  });

  reg.handle(callEvents.callHangUp, async (ctx, p) => {
    const row = await visibleCall(ctx, p.callId);
    if (row.state === CallState.idle) throw new AppError(StatusCode.badRequest, 'callEnded');
    const audio = audioOf(await tryAsk(row.robotId, 'callHangUp', p.callId));
    await end(p.callId, CallResult.hangUp, p.stats, audio);
    return infoOf((await rowOf(p.callId))!);
  });

  reg.handle(callEvents.getCallInfo, async (ctx, p) => {
    const row = await visibleCall(ctx, p.callId);
    const info = infoOf(row);
    if (row.state === CallState.onCall) {
      const audio = audioOf(await tryAsk(row.robotId, 'callStats', p.callId));
      if (audio) return { ...info, robotAudioPackets: audio.audioPackets, robotAudioBytes: audio.audioBytes };
    }
    return info;
  });
}

/** Ends the live calls of robots that went offline (spec §8 "robot not online" ends a call). */
export async function endCallsOfOfflineRobots(svc: Services): Promise<void> {
  const live = await svc.db.query<{ callId: string; robotId: string }>('SELECT "callId", "robotId" FROM webrtc_logs WHERE state > 0');
  for (const c of live) {
    if (svc.fleet.get(c.robotId)?.online) continue;
    const ended = await svc.db.query<{ callId: string; robotId: string; direction: number; video: number; username: string | null }>(
      `UPDATE webrtc_logs SET state = 0, result = $2, "endTime" = now(), duration = CASE WHEN "connectTime" IS NULL THEN 0 ELSE GREATEST(0, round(extract(epoch FROM (now() - "connectTime"))))::int END
       WHERE "callId" = $1 AND state > 0 RETURNING "callId", "robotId", direction, video, username`,
      [c.callId, CallResult.error],
    );
    bumpTable(TABLE);
    for (const r of ended) if (r.direction === CallDirection.incoming) pushRing(svc, r, 'ended', r.username);
  }
}

/**
 * A robot pressed its SOS button in SOS mode 2 (MQTT sosCall): an incoming call (waiting, no user
 * yet) rings every console that watches the robot. A robot already in a call, unknown, or without
 * its interactive subsystem is ignored. Handled by one replica (a work subscription).
 */
export async function startSosCall(svc: Services, robotId: string, message: Record<string, unknown>): Promise<string | null> {
  const robot = svc.fleet.get(robotId);
  if (!robot || !robot.interactOnline) return null;
  const video = message.video === true;
  const callId = randomBytes(16).toString('hex');
  try {
    await svc.db.query(`INSERT INTO webrtc_logs ("callId", "robotId", "companyId", direction, video, state, result) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      callId,
      robotId,
      robot.companyId,
      CallDirection.incoming,
      video ? 1 : 0,
      CallState.waiting,
      CallResult.waiting,
    ]);
  } catch (e) {
    if (isUniqueViolation(e)) return null; // already in a call
    throw e;
  }
  bumpTable(TABLE);
  pushRing(svc, { callId, robotId, video }, 'ringing');
  return callId;
}

/**
 * SOS calls nobody accepted within the ring time-out end "no answer" (pushed 'ended'; the robot is
 * told to hang up); calls still waiting a minute after that end as an error. The leader runs it; the conditional UPDATE ends each call once even if two
 * replicas ran it in a leader change-over.
 */
export async function endUnansweredSosCalls(svc: Services, timeoutMs = svc.config.callRingTimeoutMs): Promise<number> {
  const rows = await svc.db.query<{ callId: string; robotId: string; video: number }>(
    `UPDATE webrtc_logs SET state = 0, result = $1, "endTime" = now(), duration = 0
     WHERE direction = $2 AND state = $3 AND "userId" IS NULL AND "startTime" < now() - ($4::int * interval '1 millisecond')
     RETURNING "callId", "robotId", video`,
    [CallResult.noAnswer, CallDirection.incoming, CallState.waiting, Math.round(timeoutMs)],
  );
  // A call left waiting well past its ring (an SOS call accepted but never offered, a console that
  // started a call and vanished) would hold the robot's one live call: it ends as an error.
  const stale = await svc.db.query<{ callId: string; robotId: string; video: number; direction: number; username: string | null }>(
    `UPDATE webrtc_logs SET state = 0, result = $1, "endTime" = now(), duration = 0
     WHERE state = $2 AND "startTime" < now() - ($3::int * interval '1 millisecond')
     RETURNING "callId", "robotId", video, direction, username`,
    [CallResult.error, CallState.waiting, Math.round(timeoutMs) + STALE_WAITING_MS],
  );
  if (rows.length + stale.length === 0) return 0;
  bumpTable(TABLE);
  for (const r of rows) pushRing(svc, r, 'ended');
  for (const r of stale) if (r.direction === CallDirection.incoming) pushRing(svc, r, 'ended', r.username);
  for (const r of [...rows, ...stale]) {
    if (svc.gateway && svc.fleet.get(r.robotId)?.online) void svc.gateway.request(r.robotId, 'callHangUp', { callId: r.callId }, 3_000).catch(() => null);
  }
  return rows.length;
}
