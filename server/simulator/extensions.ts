/** The simulator's extensions (./extension.ts), in the order they are asked about a command. */
import type { SimExtension } from './extension';
import { healthSim } from './sim-health';
import { softwareSim } from './sim-software';
import { nodeLogSim } from './sim-node-log';
import { debugSim } from './sim-debug';
import { controlSim } from './sim-control';
import { bmsSim } from './sim-bms';
import { callSim } from './sim-call';
import { disinfectionSim } from './sim-disinfection';

export const SIM_EXTENSIONS: readonly SimExtension[] = [healthSim, nodeLogSim, softwareSim, debugSim, controlSim, bmsSim, callSim, disinfectionSim];
