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

/** Marks the error of a call that ran out of time (spec §9: 60 s events, 30 s REST). */
export function markTimedOut<E extends Error>(error: E): E {
  (error as E & { timedOut?: boolean }).timedOut = true;
  return error;
}

/** Whether an error is a call that ran out of time. */
export const isTimeoutError = (error: unknown): boolean => !!error && typeof error === 'object' && (error as { timedOut?: unknown }).timedOut === true;

/**
 * Whether a failed query is tried again: not after a time-out (its message is shown and the list
 * stops loading; three more tries would keep the spinner up for minutes), else up to three times.
 */
export const retryQuery = (failures: number, error: unknown): boolean => !isTimeoutError(error) && !isAbortedError(error) && failures < 3;
