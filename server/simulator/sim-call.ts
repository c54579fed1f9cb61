/**
 * Simulated robots answer calls as real WebRTC peers (issue 21, common/events/calls
 * CALL_COMMANDS): werift answers the console's SDP offer, sends the robot's camera (a VP8 clip,
 * assets/call/robot-camera.ivf) and microphone (an Opus tone, assets/call/robot-tone.ogg) as RTP,
 * and counts the RTP audio the console sends, which callHangUp and callStats answer.
 *
 * Test and demo switches: the command simulateCallMode {mode, relay?} (normal, busy, reject, silent:
 * never answers, so the server ends the call "no answer"; relay: the robot's peer uses only the TURN
 * server of the offer's iceServers), or SIM_CALL_MODES="01WR000002:busy,…" at start.
 * Rail robots (type 5) have no interactive subsystem: they refuse with interactOffline.
 *
 * SOS calls (spec §9): simulateSosButton presses the SOS button. In SOS mode 2 (remote call, set
 * with sosMode; server/simulator/sim-control.ts keeps it) the robot publishes sosCall {video} and
 * answers the offer that follows an accept (callOffer with incoming) at once; in mode 1 it sounds
 * its rescue alarm (an alarm-sound episode: nothing is published).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RTCPeerConnection, RTCRtpTransceiver } from 'werift';

/** werift, loaded with the first call a simulated robot answers (issue 23: not at start-up). */
let werift: typeof import('werift') | null = null;
import { RobotType } from '../../common/robot';
import type { SimAnswer, SimExtension } from './extension';
import { fromRoot } from '../paths';
import { simSosMode } from './sim-control';

type Mode = 'normal' | 'busy' | 'reject' | 'silent';

const ASSETS = fromRoot('assets', 'call');
const FPS = 15;
const RING_MS = 800;

interface Call {
  callId: string;
  pc: RTCPeerConnection;
  audioPackets: number;
  audioBytes: number;
  timers: NodeJS.Timeout[];
}

/** VP8 frames of an IVF file. */
export function ivfFrames(buf: Buffer): Buffer[] {
  if (buf.toString('ascii', 0, 4) !== 'DKIF') throw new Error('not an IVF file');
  const frames: Buffer[] = [];
  let off = buf.readUInt16LE(6);
  while (off + 12 <= buf.length) {
    const size = buf.readUInt32LE(off);
    off += 12;
    if (off + size > buf.length) break;
    frames.push(buf.subarray(off, off + size));
    off += size;
  }
  return frames;
}

/** Opus packets of an Ogg Opus file (the OpusHead and OpusTags packets left out). */
export function oggOpusPackets(buf: Buffer): Buffer[] {
  const packets: Buffer[] = [];
  let pending: Buffer[] = [];
  let off = 0;
  while (off + 27 <= buf.length && buf.toString('ascii', off, off + 4) === 'OggS') {
    const nseg = buf[off + 26]!;
    const table = buf.subarray(off + 27, off + 27 + nseg);
    let data = off + 27 + nseg;
    for (const lace of table) {
      pending.push(buf.subarray(data, data + lace));
      data += lace;
      if (lace < 255) {
        packets.push(Buffer.concat(pending));
        pending = [];
      }
    }
    off = data;
  }
  return packets.filter((p) => !p.subarray(0, 8).toString('ascii').startsWith('Opus'));
}

let media: { video: Buffer[]; audio: Buffer[] } | null = null;
const mediaOf = () => (media ??= { video: ivfFrames(fs.readFileSync(path.join(ASSETS, 'robot-camera.ivf'))), audio: oggOpusPackets(fs.readFileSync(path.join(ASSETS, 'robot-tone.ogg'))) });

/** VP8 RTP payloads of one frame (RFC 7741: a one-byte descriptor, S set on the first). */
function vp8Payloads(frame: Buffer, max = 1100): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < frame.length; i += max) out.push(Buffer.concat([Buffer.from([i === 0 ? 0x10 : 0x00]), frame.subarray(i, i + max)]));
  return out;
}

const modes = new Map<string, Mode>(
  (process.env.SIM_CALL_MODES ?? '')
    .split(',')
    .map((s) => s.split(':'))
    .filter((p): p is [string, Mode] => p.length === 2 && ['normal', 'busy', 'reject', 'silent'].includes(p[1]!)),
);
const calls = new Map<string, Call>();
/** Robots whose peers gather and use only relayed (TURN) candidates. */
const relayOnly = new Set<string>();
/** Robots whose SOS call rings (pressed in mode 2, not yet answered or ended). */
const sosRinging = new Map<string, { video: boolean; at: number }>();

type IceServerInit = { urls: string | string[]; username?: string; credential?: string };
const iceServersOf = (v: unknown): IceServerInit[] =>
  Array.isArray(v) ? (v as IceServerInit[]).filter((s) => s && (typeof s.urls === 'string' || Array.isArray(s.urls))) : [];

function hangUp(robotId: string): { audioPackets: number; audioBytes: number } {
  const call = calls.get(robotId);
  if (!call) return { audioPackets: 0, audioBytes: 0 };
  calls.delete(robotId);
  call.timers.forEach(clearInterval);
  void call.pc.close().catch(() => undefined);
  return { audioPackets: call.audioPackets, audioBytes: call.audioBytes };
}

/** Sends the clip (looped) on a transceiver: VP8 at 15 fps or Opus every 20 ms. */
function startSending(call: Call, t: RTCRtpTransceiver): void {
  const { video, audio } = mediaOf();
  let seq = Math.floor(Math.random() * 30_000);
  let ts = Math.floor(Math.random() * 1_000_000);
  let i = 0;
  const send = (payload: Buffer, marker: boolean) =>
    void t.sender.sendRtp(new werift!.RtpPacket(new werift!.RtpHeader({ sequenceNumber: seq++ & 0xffff, timestamp: ts >>> 0, marker, payloadType: 96 }), payload)).catch(() => undefined);
  if (t.kind === 'video') {
    call.timers.push(
      setInterval(() => {
        const parts = vp8Payloads(video[i++ % video.length]!);
        parts.forEach((p, k) => send(p, k === parts.length - 1));
        ts += 90_000 / FPS;
      }, 1000 / FPS),
    );
  } else {
    call.timers.push(
      setInterval(() => {
        send(audio[i++ % audio.length]!, false);
        ts += 960;
      }, 20),
    );
  }
}

async function answer(robotId: string, callId: string, sdp: string, iceServers: IceServerInit[] = []): Promise<SimAnswer> {
  hangUp(robotId);
  const relay = relayOnly.has(robotId);
  // The offer's ICE servers (the server's, with TURN credentials of this robot); none: host candidates only.
  werift ??= await import('werift');
  const pc = new werift.RTCPeerConnection({ iceServers: iceServers as never, ...(relay ? { iceTransportPolicy: 'relay' as const } : {}) });
  const call: Call = { callId, pc, audioPackets: 0, audioBytes: 0, timers: [] };
  calls.set(robotId, call);
  const transceivers: RTCRtpTransceiver[] = [];
  pc.onTransceiverAdded.subscribe((t) => {
    transceivers.push(t);
    t.onTrack.subscribe((track) => {
      if (track.kind !== 'audio') return;
      track.onReceiveRtp.subscribe((rtp) => {
        call.audioPackets++;
        call.audioBytes += rtp.payload.length;
      });
    });
  });
  pc.connectionStateChange.subscribe((s) => {
    if (s === 'failed' || s === 'closed') {
      if (calls.get(robotId) === call) hangUp(robotId);
    }
  });
  await pc.setRemoteDescription({ type: 'offer', sdp });
  for (const t of transceivers) t.setDirection('sendrecv');
  await pc.setLocalDescription(await pc.createAnswer());
  if (pc.iceGatheringState !== 'complete') await Promise.race([pc.iceGatheringStateChange.watch((s) => s === 'complete'), new Promise((r) => setTimeout(r, 3000))]);
  for (const t of transceivers) startSending(call, t);
  return { data: { sdp: pc.localDescription!.sdp } };
}

export const callSim: SimExtension = {
  id: 'call',
  command(robot, cmd, io) {
    const id = robot.spec.robotId;
    const p = (cmd.params ?? {}) as Record<string, unknown>;
    switch (cmd.action) {
      case 'simulateCallMode':
        modes.set(id, (p.mode as Mode) ?? 'normal');
        if (p.relay === true) relayOnly.add(id);
        else if (p.relay === false) relayOnly.delete(id);
        return {};
      case 'simulateSosButton': {
        if (robot.spec.robotType === RobotType.trackRobot) return { refused: 'interactOffline' };
        const mode = simSosMode(id);
        if (mode === 2) {
          const video = p.video !== false;
          sosRinging.set(id, { video, at: Date.now() });
          io.publish('sosCall', { robotId: id, video, t: Date.now() });
        }
        return { data: { mode } };
      }
      case 'callOffer': {
        if (robot.spec.robotType === RobotType.trackRobot) return { refused: 'interactOffline' };
        if (p.incoming === true) {
          // The console that accepted this robot's SOS call: no ringing, answered at once.
          if (!sosRinging.delete(id)) return { refused: 'state' };
          return answer(id, String(p.callId), String(p.sdp), iceServersOf(p.iceServers)).catch((): SimAnswer => {
            hangUp(id);
            return { refused: 'state' };
          });
        }
        const mode = modes.get(id) ?? 'normal';
        const live = calls.get(id);
        if (mode === 'busy' || (live && live.callId !== p.callId)) return { refused: 'busy' };
        if (mode === 'reject') return new Promise<SimAnswer>((r) => setTimeout(() => r({ refused: 'reject' }), RING_MS));
        if (mode === 'silent') return new Promise<SimAnswer>((r) => setTimeout(() => r({ refused: 'reject' }), 60_000).unref());
        return new Promise<SimAnswer>((r) => setTimeout(r, RING_MS)).then(() => answer(id, String(p.callId), String(p.sdp), iceServersOf(p.iceServers))).catch((): SimAnswer => {
          hangUp(id);
          return { refused: 'state' };
        });
      }
      case 'callCandidate': {
        const call = calls.get(id);
        if (call && call.callId === p.callId) {
          try {
            void call.pc.addIceCandidate(JSON.parse(String(p.candidate))).catch(() => undefined);
          } catch {
            /* a malformed candidate is ignored */
          }
        }
        return {};
      }
      case 'callHangUp': {
        sosRinging.delete(id); // an SOS call that rang out, or was hung up before the offer
        const call = calls.get(id);
        if (call && call.callId !== p.callId) return { data: { audioPackets: 0, audioBytes: 0 } };
        return { data: hangUp(id) };
      }
      case 'callStats': {
        const call = calls.get(id);
        return { data: call && call.callId === p.callId ? { audioPackets: call.audioPackets, audioBytes: call.audioBytes, state: 2 } : { audioPackets: 0, audioBytes: 0, state: 0 } };
      }
      default:
        return undefined;
    }
  },
  stop() {
    for (const id of [...calls.keys()]) hangUp(id);
    sosRinging.clear();
  },
};
