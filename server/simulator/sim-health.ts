/** Simulated robots: what they answer and publish for the health feature (see ./extension.ts). */
import type { SimExtension } from './extension';

export const healthSim: SimExtension = { id: 'health' };
