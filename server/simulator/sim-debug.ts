/** Simulated robots: what they answer and publish for the debug feature (see ./extension.ts). */
import type { SimExtension } from './extension';

export const debugSim: SimExtension = { id: 'debug' };
