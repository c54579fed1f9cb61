/**
 * Failure reports (spec §8 "failed calls show an alert with a common tip title"): the default
 * clients report a call that timed out here; the console's FailureNotice (failure-notice.tsx)
 * shows each report. Kept apart from that component so that the clients, which the login page
 * loads, do not bring antd's App (messages, notifications, modals) to the login route.
 */
type Listener = (text: string) => void;
const listeners = new Set<Listener>();

/** Shows a failure alert (tip title + text) in the mounted console; nothing when none is mounted. */
export function reportFailure(text: string): void {
  for (const l of listeners) l(text);
}

/** Hears every failure report until the returned function is called. */
export function onFailureReport(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
