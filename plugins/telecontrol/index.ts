/** Telecontrol: the robot tree beside the live status of the selected robot. */
import { definePlugin } from '@runtime';
import en from './locales/en.json';
import zh from './locales/zh.json';
import ja from './locales/ja.json';

export default definePlugin({
  id: 'telecontrol',
  // The page shows the robot tree itself, so it does not require a selected robot.
  routes: [{ path: '/home/telecontrol', page: () => import('./telecontrol-page'), requiresRobot: false }],
  menu: [
    {
      key: 'telecontrol',
      path: '/home/telecontrol',
      icon: 'DesktopOutlined',
      group: 'operations',
      order: 0,
      labels: { en: 'Telecontrol', zh: '远程控制', ja: '遠隔操作' },
    },
  ],
  permissions: [{ key: 'robot:teleop', labels: { en: 'Remote-control robots', zh: '遥控机器人', ja: 'ロボットの遠隔操作' } }],
  locales: { en, zh, ja },
});
