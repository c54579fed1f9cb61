/** The live positions of the map's robots (reported by the robots panel's subscriptions) and their marks on the map. */
import { useCallback, useMemo, useState } from 'react';
import { knownRobotWidthMm, MARKER_DEFAULT_MM } from '@common/map';
import type { MapConfig } from '@common/events/maps';
import type { RobotMark } from './map-canvas';
import type { RobotInfo, RobotPos } from './robots-panel';
import { mmToPixel } from './model/view';

/** The robots' last poses, the callback that records a pose, and the robots drawn on map `mapId`. */
export function useRobotPoses(robots: RobotInfo[], config: Partial<MapConfig>, mapId: number) {
  const [poses, setPoses] = useState<Record<string, RobotPos>>({});
  const onPose = useCallback((robotId: string, pose: Partial<RobotPos>) => setPoses((p) => ({ ...p, [robotId]: { ...(p[robotId] ?? { x: null, y: null, theta: null, mapId: null }), ...pose } })), []);
  const marks: RobotMark[] = useMemo(
    () =>
      robots.flatMap((r) => {
        const pose = poses[r.robotId];
        if (!pose || pose.x === null || pose.y === null || (pose.mapId !== null && pose.mapId !== undefined && pose.mapId !== mapId)) return [];
        const at = mmToPixel(config, pose.x, pose.y);
        return at.ok ? [{ robotId: r.robotId, name: r.robotName, point: at.point, theta: pose.theta ?? 0, diameter: (knownRobotWidthMm(r.robotType) ?? MARKER_DEFAULT_MM) / 1000 / (config.scale ?? 1) }] : [];
      }),
    [robots, poses, config, mapId],
  );
  return { poses, onPose, marks };
}
