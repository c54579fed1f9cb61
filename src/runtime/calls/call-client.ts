/**
 * The console's side of a call with a robot (issue 21, spec §3/§4/§8): one WebRTC peer in the
 * browser, its signalling through the catalogue events (common/events/calls.ts). One call at a
 * time for the whole console, kept in a small store that the call panel, the SOS ring and the
 * guards (robot switch, leaving the page, actions that hang up) read.
 *
 * Flow: getUserMedia (microphone, + camera for a video call) → callStart (or callAccept for a
 * robot's SOS call) → createOffer, full ICE gathering → callSignal offer → the robot's answer →
 * on call. Hang-up sends callHangUp with the browser's connection figures (getStats).
 */
import { useSyncExternalStore } from 'react';
import type { MessageKey } from '@common/messages';
import type { CallStats } from '@common/events/calls';
import { callEvent } from '../api/clients';
import { getConfig } from '../api/config';
import { EventError } from '../api/errors';
import { catalogueMessage } from '../i18n/catalogue';
import { getLang } from '../i18n/i18n';
import { getToken } from '../session/session-store';
import { PROTOCOL_VERSION } from '@common/protocol';

/** Where the console's call is (spec §3 call states, plus the result after it ended). */
export type CallPhase = 'idle' | 'waiting' | 'onCall' | 'ended';

/** How the last call ended (spec §4 results). */
export type CallEnd = 'hangUp' | 'busy' | 'reject' | 'noAnswer' | 'error';

/** The console's call as the UI shows it. */
export interface CallView {
  phase: CallPhase;
  robotId?: string;
  robotName?: string;
  video: boolean;
  incoming: boolean;
  callId?: string;
  /** When the call went "on call" (ms since the epoch). */
  connectedAt?: number;
  /** When it ended (for the duration of an ended call). */
  endedAt?: number;
  muted: boolean;
  /** The robot's camera and microphone. */
  remote?: MediaStream;
  /** The console's own camera (video calls), shown small. */
  local?: MediaStream;
  /** How it ended and the text shown (spec §8 texts). */
  end?: { kind: CallEnd; text: string };
}

const IDLE: CallView = { phase: 'idle', video: false, incoming: false, muted: false };
let view: CallView = IDLE;
const listeners = new Set<() => void>();
let pc: RTCPeerConnection | null = null;
let media: MediaStream | null = null;
/** Bumped per call: answers of an older call are ignored. */
let generation = 0;

function set(next: Partial<CallView>): void {
  view = { ...view, ...next };
  listeners.forEach((l) => l());
  ring(view.phase === 'waiting');
}

/** The current call. */
export function getCall(): CallView {
  return view;
}

/** React view of the console's call. */
export function useCall(): CallView {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getCall,
    getCall,
  );
}

/** Whether a call is waiting or on (optionally: with this robot). */
export function isCallActive(robotId?: string): boolean {
  return (view.phase === 'waiting' || view.phase === 'onCall') && (robotId === undefined || view.robotId === robotId);
}

/** Forgets an ended call's result (the panel's close button). */
export function clearCallResult(): void {
  if (view.phase === 'ended') set({ ...IDLE });
}

// --- ring tone: a short WebAudio beep loop while the call waits (nothing loaded from anywhere) ---
let audio: AudioContext | null = null;
let ringTimer: ReturnType<typeof setInterval> | null = null;

function beep(): void {
  try {
    audio ??= new AudioContext();
    const now = audio.currentTime;
    for (const [freq, at] of [
      [440, 0],
      [480, 0],
      [440, 0.5],
      [480, 0.5],
    ] as const) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.05, now + at);
      gain.gain.setValueAtTime(0, now + at + 0.4);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + at);
      osc.stop(now + at + 0.42);
    }
  } catch {
    /* no audio output: the ring is also shown */
  }
}

/** Starts or stops the ring tone (also used by the SOS ring). */
export function ring(on: boolean): void {
  if (on && !ringTimer) {
    beep();
    ringTimer = setInterval(beep, 3000);
  } else if (!on && ringTimer) {
    clearInterval(ringTimer);
    ringTimer = null;
  }
}
let ringUsers = 0;
/** A ring tone of its own (the SOS notification): returns the stop function. */
export function startRingTone(): () => void {
  ringUsers++;
  ring(true);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    ringUsers--;
    if (ringUsers === 0 && view.phase !== 'waiting') ring(false);
  };
}

// --- the call ---

function release(): void {
  if (pc) {
    pc.onconnectionstatechange = null;
    pc.ontrack = null;
    pc.close();
    pc = null;
  }
  media?.getTracks().forEach((t) => t.stop());
  media = null;
}

function kindOf(error: unknown): CallEnd {
  const info = error instanceof EventError ? error.statusInfo : '';
  if (info === catalogueMessage('edgeInConversation')) return 'busy';
  if (info === catalogueMessage('callRefused')) return 'reject';
  if (info === catalogueMessage('callNoAnswer')) return 'noAnswer';
  return 'error';
}

function fail(gen: number, kind: CallEnd, text: string): void {
  if (gen !== generation) return;
  release();
  set({ phase: 'ended', end: { kind, text }, endedAt: Date.now(), remote: undefined, local: undefined });
}

const message = (key: MessageKey) => catalogueMessage(key);

async function openMedia(video: boolean): Promise<MediaStream> {
  // Spec §8: without a secure context the browser offers no microphone at all.
  if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) throw new Error('insecure');
  return navigator.mediaDevices.getUserMedia({ audio: true, video });
}

async function gathered(peer: RTCPeerConnection): Promise<void> {
  if (peer.iceGatheringState === 'complete') return;
  await new Promise<void>((resolve) => {
    const done = () => {
      if (peer.iceGatheringState !== 'complete') return;
      peer.removeEventListener('icegatheringstatechange', done);
      clearTimeout(timer);
      resolve();
    };
    // Behind a slow STUN/TURN server: go on with what was gathered so far.
    const timer = setTimeout(() => {
      peer.removeEventListener('icegatheringstatechange', done);
      resolve();
    }, 5000);
    peer.addEventListener('icegatheringstatechange', done);
  });
}

interface Begin {
  robotId: string;
  robotName?: string;
  video: boolean;
  /** An SOS call of the robot: accepted instead of started. */
  acceptCallId?: string;
}

async function begin({ robotId, robotName, video, acceptCallId }: Begin): Promise<void> {
  if (isCallActive()) return;
  release();
  const gen = ++generation;
  set({ ...IDLE, phase: 'waiting', robotId, robotName, video, incoming: !!acceptCallId });
  try {
    media = await openMedia(video);
  } catch {
    if (acceptCallId) {
      // The accepted SOS call must not hang on: tell the server it ended.
      await callEvent('callHangUp', { callId: acceptCallId }).catch(() => undefined);
    }
    fail(gen, 'error', message('callDeviceError'));
    return;
  }
  if (gen !== generation) return release();
  set({ local: video ? media : undefined });
  let callId: string | undefined;
  try {
    const started = acceptCallId ? await callEvent('callAccept', { callId: acceptCallId }) : await callEvent('callStart', { robotId, video });
    callId = started.callId;
    if (gen !== generation) {
      void callEvent('callHangUp', { callId }).catch(() => undefined);
      return;
    }
    set({ callId });
    const peer = new RTCPeerConnection({ iceServers: (started.iceServers as RTCIceServer[] | undefined) ?? getConfig()?.iceServers ?? [] });
    pc = peer;
    const remote = new MediaStream();
    peer.ontrack = (e) => {
      remote.addTrack(e.track);
      set({ remote });
    };
    for (const track of media.getTracks()) peer.addTrack(track, media);
    let offer: RTCSessionDescriptionInit;
    try {
      offer = await peer.createOffer();
      await peer.setLocalDescription(offer);
    } catch {
      void callEvent('callHangUp', { callId }).catch(() => undefined);
      fail(gen, 'error', message('callCodecFailed'));
      return;
    }
    await gathered(peer);
    if (gen !== generation) return;
    const answer = await callEvent('callSignal', { callId, kind: 'offer', data: peer.localDescription?.sdp ?? offer.sdp ?? '' });
    if (gen !== generation) return;
    try {
      await peer.setRemoteDescription({ type: 'answer', sdp: answer.data ?? '' });
    } catch {
      void callEvent('callHangUp', { callId }).catch(() => undefined);
      fail(gen, 'error', message('callCodecFailed'));
      return;
    }
    peer.onconnectionstatechange = () => {
      if (gen !== generation) return;
      if (peer.connectionState === 'failed') {
        void callEvent('callHangUp', { callId: callId! }).catch(() => undefined);
        fail(gen, 'error', message('callNetworkBroke'));
      }
    };
    set({ phase: 'onCall', connectedAt: Date.now() });
  } catch (error) {
    if (gen !== generation) return;
    fail(gen, kindOf(error), error instanceof Error ? error.message : message('callAbnormalEnd'));
  }
}

/** Calls a robot (audio, or audio and video). */
export function startCall(robotId: string, video: boolean, robotName?: string): Promise<void> {
  return begin({ robotId, robotName, video });
}

/** Accepts a robot's SOS call (the callRing push) and goes on as for an outgoing call. */
export function acceptCall(callId: string, robotId: string, video: boolean, robotName?: string): Promise<void> {
  return begin({ robotId, robotName, video, acceptCallId: callId });
}

/** The browser's connection figures: round-trip time, packets lost, received bitrate. */
async function statsOf(peer: RTCPeerConnection, connectedAt?: number): Promise<CallStats> {
  const out: CallStats = {};
  try {
    const report = await peer.getStats();
    let lost = 0;
    let bytes = 0;
    report.forEach((s: Record<string, unknown>) => {
      if (s.type === 'candidate-pair' && s.nominated && typeof s.currentRoundTripTime === 'number') out.rtt = Math.round(s.currentRoundTripTime * 1000);
      if (s.type === 'inbound-rtp') {
        lost += typeof s.packetsLost === 'number' ? Math.max(0, s.packetsLost) : 0;
        bytes += typeof s.bytesReceived === 'number' ? s.bytesReceived : 0;
      }
    });
    out.packetsLost = lost;
    const seconds = connectedAt ? (Date.now() - connectedAt) / 1000 : 0;
    if (seconds > 0) out.bitrate = Math.round((bytes * 8) / seconds);
  } catch {
    /* no figures */
  }
  return out;
}

/** Hangs up the console's call (the robot is told; the call is recorded with its figures). */
export async function hangUp(): Promise<void> {
  if (!isCallActive()) return;
  const { callId, connectedAt } = view;
  const peer = pc;
  generation++;
  const stats = peer && view.phase === 'onCall' ? await statsOf(peer, connectedAt) : undefined;
  release();
  set({ phase: 'ended', endedAt: Date.now(), remote: undefined, local: undefined, end: { kind: 'hangUp', text: '' } });
  if (callId) await callEvent('callHangUp', { callId, ...(stats ? { stats } : {}) }).catch(() => undefined);
}

/** Mutes or unmutes the microphone. */
export function setMuted(muted: boolean): void {
  media?.getAudioTracks().forEach((t) => (t.enabled = !muted));
  set({ muted });
}

/** The page is closed or reloaded mid-call: the server is told at once (keepalive survives the page). */
export function hangUpOnUnload(): void {
  if (!isCallActive() || !view.callId) return;
  try {
    void fetch('/api/interface', {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'callHangUp', param: { callId: view.callId }, token: getToken() ?? '', protocolVersion: PROTOCOL_VERSION, lang: getLang() }),
    });
  } catch {
    /* the server's ring time-out / robot ends it */
  }
  release();
}

/** mm:ss of a number of seconds. */
export function mmss(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
