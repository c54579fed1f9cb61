/** The console's default event and REST clients, wired to the session and the language. */
import { i18n, getLang } from '../i18n/i18n';
import { getToken } from '../session/session-store';
import { expireSession } from '../session/expire';
import { createEventClient, type CallEvent, type CallNamedEvent } from './event-client';
import { createRestClient, type RestCall } from './rest-client';
import { getConfig } from './config';
import { reportFailure } from './failure-reports';
import { withStream, type LiveStream } from '@common/camera';
import { createStreamAddressClient, liveStreamUrl, liveVideoOrigin, type RequestStreamAddress } from './stream-addresses';

const describeFailure = (failure: string) => i18n.t(`errors.${failure}`);

/** Calls one event of the main interface with the session token. */
export const callEvent: CallEvent = createEventClient({ getToken, getLang, onTokenInvalid: expireSession, describeFailure, onTimeout: reportFailure });

/**
 * Calls an event whose name a schema gives at run time (an entity's `x-api`, a settings
 * document, a list's chart or heat map): the same client, its answer unknown to the compiler.
 */
export const callNamedEvent: CallNamedEvent = callEvent as CallNamedEvent;

/** Calls one REST route under /robot/ with the session token. */
export const restCall: RestCall = createRestClient({ getToken, onTokenInvalid: expireSession, describeFailure, onTimeout: reportFailure });

/** A camera's stream address (reqVideoStream); the cameras a page starts together share one reqVideoStreams call. */
export const requestStreamAddress: RequestStreamAddress = createStreamAddressClient(callEvent);

/** The websocket origin of live video (ws(s)://host), from /config.json else this page. */
export const liveVideoBase = (): string => liveVideoOrigin(getConfig()?.wsUrl, window.location);

/**
 * The address a player opens for the path of a stream answer (the token goes in the socket's first
 * message); `stream` `sub` asks for the camera's low-resolution sub stream (video-wall tiles), main
 * (the default) for its full picture.
 */
export const liveVideoUrl = (path: string, stream: LiveStream = 'main'): string => liveStreamUrl(liveVideoBase(), withStream(path, stream));
