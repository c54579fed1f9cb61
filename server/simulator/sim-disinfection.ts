/**
 * Simulated disinfection / cold-storage robots (kind 7): every 5 s they report on their
 * `disinfection` topic whether they disinfected and the disinfectant concentration they measure
 * (issue 20 statements). They disinfect while on patrol, and otherwise five minutes in every ten;
 * the concentration rises towards 30 mg/m³ while they spray and decays when they stop.
 */
import { RobotType } from '../../common/robot';
import type { SimExtension } from './extension';

const PERIOD_S = 5;
const states = new Map<string, { since: number; concentration: number }>();

export const disinfectionSim: SimExtension = {
  id: 'disinfection',
  tick(robot, io, dt) {
    if (robot.spec.robotType !== RobotType.AnbotCold) return;
    let s = states.get(robot.spec.robotId);
    if (!s) states.set(robot.spec.robotId, (s = { since: PERIOD_S, concentration: 12 }));
    s.since += dt;
    if (s.since < PERIOD_S) return;
    const seconds = Math.round(s.since * 10) / 10;
    s.since = 0;
    const working = robot.patrolling || Math.floor(Date.now() / 300_000) % 2 === 0 ? 1 : 0;
    const target = working ? 30 : 0;
    s.concentration += (target - s.concentration) * 0.15 + (Math.random() - 0.5);
    s.concentration = Math.max(0, Math.round(s.concentration * 10) / 10);
    io.publish('disinfection', { t: Date.now(), working, seconds, concentration: s.concentration });
  },
  stop() {
    states.clear();
  },
};
