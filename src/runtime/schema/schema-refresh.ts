/** Tells the console to fetch the schemas again (the form designer saved one): no page reload, no restart. */

/** The window event the console root listens to. */
export const SCHEMAS_CHANGED_EVENT = 'fc:schemas-changed';

/** Asks the console to refetch /api/schemas and rebuild its menu, resources and routes. */
export function notifySchemasChanged(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SCHEMAS_CHANGED_EVENT));
}
