/** Errors raised by the event and REST clients. */

/** A request the caller aborted; UI code ignores it (spec §7: aborted requests reject silently). */
export class AbortedError extends Error {
  override readonly name = 'AbortedError';
  constructor() {
    super('aborted');
  }
}

/** A failed event call: the answer's statusCode and statusInfo (refine reads `statusCode` and `message`). */
export class EventError extends Error {
  override readonly name = 'EventError';
  constructor(
    readonly statusCode: number,
    readonly statusInfo: string,
    readonly event?: string,
  ) {
    super(statusInfo);
  }
}

/** A failed REST call: the answer's `code` and `message` (HTTP status when there was no JSON answer). */
export class RestError extends Error {
  override readonly name = 'RestError';
  constructor(
    readonly code: number,
    message: string,
    readonly statusCode: number = code,
  ) {
    super(message);
  }
}

/** Whether an error is an aborted request that must not be shown to the user. */
export function isAbortedError(error: unknown): boolean {
  return error instanceof AbortedError || (error instanceof Error && error.name === 'AbortedError');
}
