/** The video feature's events (being moved here from the server's registrations). */
import { defineEvents } from './define';

export const videoEvents = defineEvents('video', {});
