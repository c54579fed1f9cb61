/**
 * Track-mounted inspection robots (issue 8): the REST operations of spec §7 (rail maps,
 * inspection points, tasks and runs, results, warning rules and warnings, live status and
 * remote control), the calls that carry files, and the track topic listener that stores each
 * run's readings, raises warnings and starts preset tasks on their schedule.
 */
import { defineFeature } from '../feature';
import type { Services } from '../../services';
import { registerTrackMapEvents } from './map-events';
import { registerTrackPointEvents } from './point-events';
import { registerTrackResultEvents } from './result-events';
import { registerTrackTaskEvents } from './task-events';
import { registerTrackStatusEvents } from './track-events';
import { registerTrackHttp } from './track-http';
import { TrackService } from './track-service';
import { registerTrackWarningEvents } from './warning-events';

/** The track service of each server (tests run several in one process). */
const services = new WeakMap<Services, TrackService>();
const trackOf = (svc: Services): TrackService => {
  let track = services.get(svc);
  if (!track) services.set(svc, (track = new TrackService(svc)));
  return track;
};

export default defineFeature({
  id: 'track',
  register: ({ events, svc }) => {
    const deps = { svc, track: trackOf(svc) };
    registerTrackStatusEvents(events, deps);
    registerTrackMapEvents(events, deps);
    registerTrackPointEvents(events, deps);
    registerTrackTaskEvents(events, deps);
    registerTrackResultEvents(events, deps);
    registerTrackWarningEvents(events, deps);
  },
  // The track topic listener needs the broker (after the MQTT gateway).
  connect: async ({ svc, gateway }) => {
    const track = trackOf(svc);
    await track.start(gateway);
    return () => track.stop();
  },
  routes: (app, { svc }) => registerTrackHttp(app, svc),
});
