/** refine LiveProvider over the realtime link: a channel is a topic such as `robot/<robotId>`. */
import type { LiveEvent, LiveProvider } from '@refinedev/core';
import type { RealtimeLink } from './realtime-link';

/** Builds a LiveProvider; `types` filters by push name (`snapshot`, `status`, `gps`…; `*` for all). */
export function createLiveProvider(link: Pick<RealtimeLink, 'subscribe'>): LiveProvider {
  return {
    subscribe({ channel, types, callback }) {
      const all = !types?.length || types.includes('*');
      return link.subscribe(channel, (message) => {
        if (!all && !types.includes(message.event)) return;
        const payload = message.data && typeof message.data === 'object' ? (message.data as LiveEvent['payload']) : { value: message.data };
        callback({ channel, type: message.event, payload, date: new Date() });
      });
    },
    unsubscribe(subscription: unknown) {
      if (typeof subscription === 'function') subscription();
    },
  };
}
