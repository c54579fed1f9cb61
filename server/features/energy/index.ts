/** Energy consumption: the battery samples recorded from robots' telemetry and getEnergyConsumption. */
import { defineFeature } from '../feature';
import { EnergyRecorder, registerEnergyEvents } from './energy';

export default defineFeature({
  id: 'energy',
  register: ({ events, svc }) => registerEnergyEvents(events, svc),
  // Records battery samples from the fleet's status changes from before the server listens.
  connect: async ({ svc }) => {
    const energy = new EnergyRecorder(svc, svc.config.energySampleSeconds);
    energy.start();
    return async () => energy.stop();
  },
});
