/** Restarts or destroys a live player on its robot's video pushes (see video-pushes.ts). */
import { useEffect, useRef, useState } from 'react';
import { robotTopic } from '@common/protocol';
import { realtimeLink } from './default-link';
import { videoPushAction } from './video-pushes';

/**
 * Follows the robot's topic for one camera: `restarts` grows on every restart (put it in the
 * stream request's dependencies); `destroyed` is true after a heartbeat above 1 until the next restart.
 */
export function useVideoPushes(robotId: string | undefined, cameraId: number, playing: boolean): { restarts: number; destroyed: boolean } {
  const [state, setState] = useState({ restarts: 0, destroyed: false });
  const playingRef = useRef(playing);
  playingRef.current = playing;
  useEffect(() => {
    setState((s) => (s.destroyed ? { ...s, destroyed: false } : s));
    if (!robotId) return;
    return realtimeLink.subscribe(robotTopic(robotId), (m) => {
      const action = videoPushAction(m.event, m.data, cameraId, playingRef.current);
      if (action === 'restart') setState((s) => ({ restarts: s.restarts + 1, destroyed: false }));
      else if (action === 'destroy') setState((s) => (s.destroyed ? s : { ...s, destroyed: true }));
    });
  }, [robotId, cameraId]);
  return state;
}
