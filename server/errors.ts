import { StatusCode } from '../common/protocol';
import type { MessageKey } from '../common/messages';

/** A failure the caller is told about: a status code and a catalogue message (or a ready text). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    readonly vars: Record<string, string | number> = {},
    readonly text?: string,
  ) {
    super(text ?? messageKey);
  }
}

/** Shorthands for the common failures. */
export const fail = {
  badRequest: (text: string) => new AppError(StatusCode.badRequest, 'validationFailed', { detail: text }, text),
  noPermission: () => new AppError(StatusCode.noPermission, 'noPermission'),
  tokenInvalid: () => new AppError(StatusCode.tokenInvalid, 'tokenInvalid'),
  notFound: () => new AppError(StatusCode.notFound, 'notFound'),
  message: (statusCode: number, key: MessageKey, vars: Record<string, string | number> = {}) => new AppError(statusCode, key, vars),
};
