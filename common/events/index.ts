/**
 * The protocol's event catalogue: every hand-written event and REST operation of the server,
 * declared once per feature in this folder. The server registers handlers against these
 * entries (server/events/registry.ts `implement`), the browser's `callEvent` is typed from
 * them, and /api/openapi.json is generated from them. Schema-driven entity events
 * (schemas/entities `x-api`) join the same catalogue at run time.
 */
import type { Static } from '@sinclair/typebox';
import type { Catalogue } from './define';
import { mapEvents } from './maps';
import { trackEvents } from './track';
import { navigationEvents } from './navigation';
import { monitoringEvents } from './monitoring';
import { alarmsEvents } from './alarms';
import { reportsEvents } from './reports';
import { energyEvents } from './energy';
import { detectionsEvents } from './detections';
import { videoEvents } from './video';
import { fleetEvents } from './fleet';
import { controlEvents } from './control';
import { sessionEvents } from './session';
import { adminEvents } from './admin';
import { rolesEvents } from './roles';
import { settingsEvents } from './settings';
import { formDesignEvents } from './form-design';
import { healthEvents } from './maintenance-health';
import { softwareEvents } from './maintenance-software';
import { debugEvents } from './maintenance-debug';
import { nodeLogEvents } from './node-log';
import { taskManageEvents } from './task-manage';
import { callEvents } from './calls';

/** Every declared event, by name. */
export const EVENTS = {
  ...mapEvents,
  ...trackEvents,
  ...navigationEvents,
  ...monitoringEvents,
  ...alarmsEvents,
  ...reportsEvents,
  ...energyEvents,
  ...detectionsEvents,
  ...videoEvents,
  ...fleetEvents,
  ...controlEvents,
  ...sessionEvents,
  ...adminEvents,
  ...rolesEvents,
  ...settingsEvents,
  ...formDesignEvents,
  ...healthEvents,
  ...softwareEvents,
  ...debugEvents,
  ...nodeLogEvents,
  ...taskManageEvents,
  ...callEvents,
} as const;

export type EventCatalogue = typeof EVENTS;
/** A declared event's name. */
export type EventName = keyof EventCatalogue & string;
/** What a declared event takes. */
export type ParamOf<N extends EventName> = Static<EventCatalogue[N]['param']>;
/** What a declared event answers (the answer's `param`). */
export type AnswerOf<N extends EventName> = Static<EventCatalogue[N]['answer']>;

/** The catalogue as plain entries (for generated documents and the server's checks). */
export const catalogueEntries = (): Catalogue[string][] => Object.values(EVENTS as Catalogue);

/** Whether a name is a declared event. */
export const isDeclaredEvent = (name: string): name is EventName => Object.hasOwn(EVENTS, name);
