/** Simulated robots: what they answer and publish for the software feature (see ./extension.ts). */
import type { SimExtension } from './extension';

export const softwareSim: SimExtension = { id: 'software' };
