/**
 * Audio and video calls with robots over WebRTC (issue 21, spec §3/§4 call states and results,
 * §8 call and edge-call errors). The console and the robot are the two WebRTC peers; the server
 * only relays the signalling (offer, answer, ICE candidates, hang-up) and keeps each call as a
 * webrtc_logs row, so any replica of a cluster can handle any event of a call.
 *
 * Flow (console → robot): callStart {robotId, video} → callId (row: waiting); callSignal
 * {callId, kind: 'offer', data: SDP} → the server sends the robot the command callOffer and
 * answers the robot's SDP answer (row: on call, or ended busy / reject / no answer); optional
 * callSignal kind 'candidate' (trickled ICE, relayed with callCandidate); callHangUp {callId,
 * stats} → the robot's callHangUp, the row ends with the duration, the browser's connection
 * figures and the audio the robot received.
 *
 * Flow (robot → consoles, an SOS "remote call", spec §9): a robot in SOS mode 2 publishes the
 * MQTT message sosCall {video}; the server keeps an incoming call (direction 2, waiting, no user)
 * and pushes `callRing` (state ringing) on the robot's topic robot/<robotId> (so also to the fleet
 * subscriptions of its company tree). The first console to send callAccept {callId} takes it
 * (atomically across replicas); the others get the push with state 'taken' and takenBy. The taker
 * then goes on as for an outgoing call: callSignal offer → the robot's SDP answer (the console is
 * always the offerer). No accept within the ring time-out: the call ends "no answer" (push 'ended').
 */
import { Type, type Static } from '@sinclair/typebox';
import { can, defineEvents } from './define';
import type { RobotCommandSpec } from './robot-command-spec';
import { Json } from './schema';

/** Who may call robots (granted to super, platform and enterprise roles; grantable to custom roles). */
export const CALL_PERMISSION = 'robot:call';

/** Call states (spec §3). */
export const CallState = { idle: 0, waiting: 1, onCall: 2 } as const;
/** Call results (spec §4; schemas/enums/call-result.json). */
export const CallResult = { waiting: 0, success: 1, hangUp: 2, busy: 3, reject: 4, error: 5, noAnswer: 6 } as const;
/** Call direction (schemas/enums/call-direction.json). */
export const CallDirection = { outgoing: 1, incoming: 2 } as const;

/** How long a call may ring before it is "no answer" (ms; the server's env CALL_RING_TIMEOUT_MS overrides it). */
export const CALL_RING_TIMEOUT_MS = 20_000;

/** The `callRing` push (robot topic robot/<robotId>): an SOS call from the robot rings, was taken, or ended. */
export const CallRingSchema = Type.Object({
  callId: Type.String(),
  robotId: Type.String(),
  robotName: Type.String(),
  video: Type.Boolean(),
  state: Json<'ringing' | 'taken' | 'ended'>({ type: 'string', enum: ['ringing', 'taken', 'ended'], description: 'ringing: answer it with callAccept; taken: a console accepted it (takenBy); ended: no answer, or the robot went offline.' }),
  takenBy: Type.Optional(Type.String({ description: 'The username of the console user who accepted it (state taken).' })),
});
export type CallRing = Static<typeof CallRingSchema>;

/** Robot → server (MQTT topic sosCall): the SOS button was pressed in SOS mode 2 (remote call). */
export const SosCallMessageSchema = Type.Object({
  robotId: Type.Optional(Type.String({ description: "The robot's id (the server takes the id of the topic)." })),
  video: Type.Boolean({ description: 'Whether the robot offers its camera too (audio and video) or audio only.' }),
  t: Type.Optional(Type.Number({ description: "Milliseconds since the epoch (the robot's clock)." })),
});

const CallId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9a-f]{16,64}$', description: 'The call (hex).' });
const RobotId = Type.String({ minLength: 1, maxLength: 64 });

/** The browser's connection figures at hang-up (RTCPeerConnection.getStats). */
export const CallStatsSchema = Type.Object(
  {
    rtt: Type.Optional(Type.Number({ minimum: 0, maximum: 600_000, description: 'Round-trip time, ms.' })),
    packetsLost: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_000_000_000 })),
    bitrate: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_000_000_000, description: 'Received bitrate, bit/s.' })),
  },
  { additionalProperties: false },
);
export type CallStats = Static<typeof CallStatsSchema>;

/** One call as the server keeps it. */
export const CallInfoSchema = Type.Object({
  callId: Type.String(),
  robotId: Type.String(),
  direction: Type.Integer(),
  video: Type.Boolean(),
  state: Type.Integer({ description: 'Spec §3: idle 0, waiting 1, on call 2.' }),
  result: Type.Integer({ description: 'schemas/enums/call-result.json.' }),
  startTime: Type.String(),
  connectTime: Type.Union([Type.String(), Type.Null()]),
  endTime: Type.Union([Type.String(), Type.Null()]),
  duration: Type.Union([Type.Integer(), Type.Null()], { description: 'Seconds on call.' }),
  robotAudioPackets: Type.Union([Type.Integer(), Type.Null()], { description: 'RTP audio packets the robot received from the console.' }),
  robotAudioBytes: Type.Union([Type.Integer(), Type.Null()]),
});
export type CallInfo = Static<typeof CallInfoSchema>;

const o = Type.Object;
const CallRef = o({ callId: Type.String() });

/** ICE servers for the caller's peer (RTCIceServer): the /config.json ones with fresh TURN credentials of this user. */
const IceServersAnswer = Type.Optional(
  Type.Array(o({ urls: Type.Union([Type.String(), Type.Array(Type.String())]), username: Type.Optional(Type.String()), credential: Type.Optional(Type.String()) }), {
    description: "The ICE servers for this call's peer connection (TURN with short-lived credentials of this user, when the server has a TURN server); use them instead of /config.json's.",
  }),
);

/** Robot commands of calls (spread into common/events/mqtt.ts ROBOT_COMMANDS). */
export const CALL_COMMANDS = {
  callOffer: {
    action: 'callOffer',
    summary:
      "A console calls: answer the SDP offer with an SDP answer (ICE candidates gathered, no trickle needed) and send the robot's camera and microphone. Refused busy (already in a call: edge error 11), reject, or interactOffline.",
    params: o({
      callId: Type.String(),
      sdp: Type.String(),
      video: Type.Boolean(),
      incoming: Type.Optional(Type.Boolean({ description: 'The offer of the console that accepted this robot\'s own SOS call (sosCall): answer at once, no ringing.' })),
      iceServers: Type.Optional(Type.Array(Type.Unknown(), { description: 'ICE servers for this call, TURN with short-lived credentials of the user robot-<robotId> (RTCIceServer shape).' })),
    }),
    data: o({ sdp: Type.String() }),
    reasons: ['busy', 'reject', 'interactOffline'],
  },
  callCandidate: { action: 'callCandidate', summary: 'A trickled ICE candidate of the console (JSON of RTCIceCandidateInit).', params: o({ callId: Type.String(), candidate: Type.String() }) },
  callHangUp: {
    action: 'callHangUp',
    summary: 'End the call; answer the audio received from the console (RTP packets and bytes).',
    params: CallRef,
    data: o({ audioPackets: Type.Integer(), audioBytes: Type.Integer() }),
  },
  callStats: { action: 'callStats', summary: 'The live call: audio received from the console so far.', params: CallRef, data: o({ audioPackets: Type.Integer(), audioBytes: Type.Integer(), state: Type.Integer() }) },
  simulateSosButton: {
    action: 'simulateSosButton',
    summary: 'Simulated robots only (tests, demos): press the SOS button. In SOS mode 2 (remote call) the robot publishes sosCall and answers the offer of the console that accepts; in mode 1 it sounds the rescue alarm.',
    params: o({ video: Type.Boolean() }),
    data: o({ mode: Type.Integer() }),
  },
  simulateCallMode: {
    action: 'simulateCallMode',
    summary: 'Simulated robots only (tests, demos): answer calls normally, or as busy, refusing, or never (no answer).',
    params: o({ mode: Json<'normal' | 'busy' | 'reject' | 'silent'>({ type: 'string', enum: ['normal', 'busy', 'reject', 'silent'] }) }),
  },
} as const satisfies Record<string, RobotCommandSpec>;

export const callEvents = defineEvents('calls', {
  callStart: {
    summary: 'Call a robot (audio, or audio and video): refused when the robot is offline, its interactive subsystem is offline or it is in a call (edge error 11). The call waits for the offer.',
    access: can(CALL_PERMISSION),
    mutating: true,
    param: o({ robotId: RobotId, video: Type.Boolean() }, { additionalProperties: false }),
    answer: o({ callId: Type.String(), state: Type.Integer(), iceServers: IceServersAnswer }),
  },
  callSignal: {
    summary: "Signalling of a call: the console's SDP offer (answered with the robot's SDP answer) or a trickled ICE candidate.",
    access: can(CALL_PERMISSION),
    mutating: true,
    param: o(
      {
        callId: CallId,
        kind: Json<'offer' | 'candidate'>({ type: 'string', enum: ['offer', 'candidate'] }),
        data: Type.String({ minLength: 1, maxLength: 100_000, description: 'The SDP (offer) or the candidate as JSON.' }),
      },
      { additionalProperties: false },
    ),
    answer: o({ kind: Json<'answer' | 'ack'>({ type: 'string', enum: ['answer', 'ack'] }), data: Type.Optional(Type.String()), state: Type.Integer() }),
  },
  callHangUp: {
    summary: "Hang up a call (either side's end): the row gets its end, duration, result, the browser's connection figures and the audio the robot received.",
    access: can(CALL_PERMISSION),
    mutating: true,
    param: o({ callId: CallId, stats: Type.Optional(CallStatsSchema) }, { additionalProperties: false }),
    answer: CallInfoSchema,
  },
  callAccept: {
    summary:
      "Accept an SOS call a robot made (the callRing push): the first console wins, across replicas; the others get callRing 'taken' with takenBy, a late accept is refused callTaken. Then send callSignal offer as for an outgoing call.",
    access: can(CALL_PERMISSION),
    mutating: true,
    param: o({ callId: CallId }, { additionalProperties: false }),
    answer: o({ callId: Type.String(), state: Type.Integer({ description: 'Waiting (1): send the offer now.' }), iceServers: IceServersAnswer }),
  },
  simulateSosCall: {
    summary: 'Super administrators, simulated robots only: the robot presses its SOS button (in SOS mode 2 it calls the consoles: callRing). Answers the robot\'s SOS mode.',
    access: can('system:simulate'),
    mutating: false,
    audit: true,
    param: o({ robotId: RobotId, video: Type.Optional(Type.Boolean({ description: 'Default true.' })) }, { additionalProperties: false }),
    answer: o({ robotId: Type.String(), mode: Type.Integer({ description: 'The SOS mode: 1 rescue sound (no call), 2 remote call.' }) }),
  },
  getCallInfo: {
    summary: 'A call as the server keeps it; while on call, with the audio the robot received so far.',
    access: can(CALL_PERMISSION),
    mutating: false,
    param: o({ callId: CallId }, { additionalProperties: false }),
    answer: CallInfoSchema,
  },
});
