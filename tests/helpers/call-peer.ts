/**
 * A console's side of a call as a werift peer (issue 21 tests): it sends an Opus-shaped audio
 * stream (the robot counts what it receives), receives what the robot sends (counted per kind),
 * and offers after ICE gathering (no trickle), as the browser's call client does.
 */
import { RTCPeerConnection, RtpHeader, RtpPacket } from 'werift';

/** How long gathering may take before the offer goes with the candidates found so far. */
const GATHER_MS = 10_000;

export interface ConsolePeer {
  pc: RTCPeerConnection;
  /** The SDP offer, with the gathered candidates. */
  offer: string;
  /** RTP packets received from the robot, per kind. */
  received: { audio: number; video: number };
  close: () => Promise<void>;
}

/** A console peer sending audio; with `video`, it also asks for the robot's camera. `FC_CALL_DEBUG=1` prints its connection states. */
export async function consolePeer(video = true): Promise<ConsolePeer> {
  const pc = new RTCPeerConnection({});
  const audio = pc.addTransceiver('audio', { direction: 'sendrecv' });
  if (video) pc.addTransceiver('video', { direction: 'recvonly' });
  const received = { audio: 0, video: 0 };
  if (process.env.FC_CALL_DEBUG) pc.connectionStateChange.subscribe((st) => console.log('console peer', st));
  for (const tr of pc.getTransceivers()) tr.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(() => void received[track.kind as 'audio' | 'video']++));
  await pc.setLocalDescription(await pc.createOffer());
  if (pc.iceGatheringState !== 'complete') await Promise.race([pc.iceGatheringStateChange.watch((st) => st === 'complete'), new Promise((r) => setTimeout(r, GATHER_MS))]);
  let seq = 1;
  const timer = setInterval(() => {
    void audio.sender.sendRtp(new RtpPacket(new RtpHeader({ sequenceNumber: seq++, timestamp: seq * 960, payloadType: 111 }), Buffer.alloc(40, 0xf8))).catch(() => undefined);
  }, 20);
  return { pc, offer: pc.localDescription!.sdp, received, close: async () => (clearInterval(timer), await pc.close()) };
}
