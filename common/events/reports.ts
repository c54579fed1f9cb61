/** The reports feature's events (being moved here from the server's registrations). */
import { defineEvents } from './define';

export const reportsEvents = defineEvents('reports', {});
