/** The map editor's "Set robot's initial position": the chosen robot of this map takes the initial position's pose. */
import { useState } from 'react';
import type { App } from 'antd';
import type { TFunction } from 'i18next';
import { callEvent } from '@runtime';
import type { MapConfig } from '@common/events/maps';
import type { RobotInfo } from './robots-panel';
import type { MapElement } from './model/types';
import { pixelToMm } from './model/view';

/** The robot chosen for it, and the sending of an initial position element's pose to that robot. */
export function useInitPosition({ robots, config, mapId, message, t }: { robots: RobotInfo[]; config: Partial<MapConfig>; mapId: number; message: ReturnType<typeof App.useApp>['message']; t: TFunction<'map-editor'> }) {
  const [initRobot, setInitRobot] = useState<string | undefined>();
  const [sendingInit, setSendingInit] = useState(false);

  const sendInitPosition = async (e: MapElement) => {
    const robot = robots.find((r) => r.robotId === initRobot);
    const at = e.points[0] ? pixelToMm(config, e.points[0]) : null;
    if (!robot || !at) return;
    setSendingInit(true);
    try {
      await callEvent('setInitPosition', { robotId: robot.robotId, mapId, x: at[0], y: at[1], theta: Number(e.props.theta ?? 0) });
      void message.success(t('initSent', { robot: robot.robotName, name: e.name }));
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setSendingInit(false);
    }
  };

  return { initRobot, setInitRobot, sendingInit, sendInitPosition };
}

/** What the properties panel needs of the initial position's sending. */
export type InitPosition = ReturnType<typeof useInitPosition>;
