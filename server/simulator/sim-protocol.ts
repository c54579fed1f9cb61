/** Simulated robots: what they answer and publish for the protocol feature (see ./extension.ts). */
import type { SimExtension } from './extension';

export const protocolSim: SimExtension = { id: 'protocol' };
