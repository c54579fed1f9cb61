/**
 * Download tickets for robots: a map sync (mapDown) hands the robot addresses of the map's pgm and
 * yaml carrying a random ticket, good for that map only and for 10 minutes — robots have no user
 * session. The download route accepts a ticket instead of a session token.
 */
import crypto from 'node:crypto';

const TTL_MS = 10 * 60_000;
const tickets = new Map<string, { mapId: number; until: number }>();

/** A new ticket for downloading one map's files. */
export function issueMapTicket(mapId: number, now = Date.now()): string {
  for (const [t, v] of tickets) if (v.until <= now) tickets.delete(t);
  const ticket = crypto.randomBytes(24).toString('base64url');
  tickets.set(ticket, { mapId, until: now + TTL_MS });
  return ticket;
}

/** Whether the ticket lets its holder download this map's files now. */
export function mapTicketValid(ticket: unknown, mapId: number, now = Date.now()): boolean {
  if (typeof ticket !== 'string') return false;
  const t = tickets.get(ticket);
  return !!t && t.mapId === mapId && t.until > now;
}
