/**
 * The AsyncAPI 3.0 document of the protocol's message side, generated from its declarations:
 * the realtime topics of the console WebSocket (common/events/topics.ts) and the MQTT messages
 * between robots and the server (common/events/mqtt.ts). Served at /api/asyncapi.json. The
 * document describes the server: it `send`s pushes and commands and `receive`s subscriptions,
 * telemetry and replies.
 */
import { PROTOCOL_VERSION } from '../../common/protocol';
import { MQTT_TOPICS, ROBOT_COMMANDS, COMMAND_TIMEOUT_MS, type MqttTopicSpec, type RobotCommandSpec } from '../../common/events/mqtt';
import { SOCKET_CLOSE_CODES, SOCKET_FRAMES, SOCKET_PATH, TOPICS, type TopicSpec } from '../../common/events/topics';
import { plain, type Json } from './plain-schema';


/** Where the two servers are reached. */
export interface AsyncApiServers {
  /** Product version. */
  version: string;
  /** host[:port] of the console (HTTP and its WebSocket). */
  consoleHost: string;
  /** wss behind HTTPS, else ws. */
  secure: boolean;
  /** The MQTT broker robots connect to (mqtt://host:port). */
  mqttUrl: string;
}


/** Keys of the document's maps: letters, digits, `.`, `-`, `_`. */
const key = (s: string): string => s.replace(/[^a-zA-Z0-9._-]/g, '_');
const paramsOf = (pattern: string): string[] => [...pattern.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
const ref = (...path: string[]): Json => ({ $ref: `#/${path.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}` });

const ruleText = (t: TopicSpec): string =>
  t.rule.kind === 'companyTree' ? 'Rule: `companyTree` (any logged-in user, scoped to the company tree).' : `Rule: \`permission\` \`${t.rule.permission}\`, scoped to the company tree.`;

/** Builds the document; a pure function of the declarations and the servers' addresses. */
export function buildAsyncApi(servers: AsyncApiServers): Json {
  const channels: Json = {};
  const operations: Json = {};
  const messages: Json = {};

  // The console WebSocket: the socket's own frames (auth, subscribe, unsubscribe, heartbeat, error, batch).
  const socketMessages: Json = {};
  for (const [side, frames] of Object.entries(SOCKET_FRAMES)) {
    for (const [name, frame] of Object.entries(frames)) {
      const id = key(`socket.${side}.${name}`);
      messages[id] = { name, title: `${side === 'client' ? 'Client' : 'Server'} frame ${name}`, summary: frame.summary, contentType: 'application/json', payload: plain(frame.schema) };
      socketMessages[id] = ref('components', 'messages', id);
    }
  }
  channels.socket = {
    address: SOCKET_PATH,
    title: 'Realtime socket',
    summary: 'The frames of the realtime link itself.',
    description:
      `Open \`${SOCKET_PATH}\` and send the \`auth\` frame first, \`{"type":"auth","token":"<session token>"}\` (the token of the login answer; never in the URL). Close codes: ` +
      Object.entries(SOCKET_CLOSE_CODES)
        .map(([code, text]) => `${code} ${text}`)
        .join('; ') +
      '. Messages sent right after the auth frame are kept while its token is checked. Every push of every topic below arrives as a `push` frame, or inside a `batch` frame.',
    servers: [ref('servers', 'console')],
    messages: socketMessages,
  };
  const clientFrames = Object.keys(SOCKET_FRAMES.client).map((n) => ref('channels', 'socket', 'messages', key(`socket.client.${n}`)));
  const serverFrames = Object.keys(SOCKET_FRAMES.server).map((n) => ref('channels', 'socket', 'messages', key(`socket.server.${n}`)));
  operations.receiveSocketFrames = { action: 'receive', channel: ref('channels', 'socket'), summary: 'Auth (first), subscribe, unsubscribe, heartbeat echo.', messages: clientFrames };
  operations.sendSocketFrames = { action: 'send', channel: ref('channels', 'socket'), summary: 'Heartbeat, pushes, batches, errors.', messages: serverFrames };

  // One channel per realtime topic; one message per push event (the whole push frame).
  for (const [topicKey, topic] of Object.entries(TOPICS as Record<string, TopicSpec>)) {
    const channelId = key(`realtime.${topicKey}`);
    const channelMessages: Json = {};
    for (const [event, spec] of Object.entries(topic.events)) {
      const id = key(`realtime.${topicKey}.${event}`);
      messages[id] = {
        name: event,
        title: `${topic.pattern} ${event}`,
        summary: spec.summary,
        contentType: 'application/json',
        payload: {
          type: 'object',
          required: ['type', 'topic', 'event', 'data'],
          properties: {
            type: { const: 'push' },
            topic: { type: 'string', description: topic.delivers && event !== 'snapshot' ? topic.delivers : topic.pattern },
            event: { const: event },
            data: plain(spec.data),
          },
        },
      };
      channelMessages[id] = ref('components', 'messages', id);
    }
    const params = paramsOf(topic.pattern);
    channels[channelId] = {
      address: topic.pattern,
      title: `Topic ${topic.pattern}`,
      summary: topic.summary,
      description: `Subscribe: ${topic.subscribe} ${ruleText(topic)}${topic.delivers ? ` Also delivers the pushes of \`${topic.delivers}\` for those robots.` : ''} Send \`{"type":"subscribe","topic":"${topic.pattern}"}\` on the socket; the first push is \`snapshot\`.`,
      servers: [ref('servers', 'console')],
      ...(params.length ? { parameters: Object.fromEntries(params.map((p) => [p, { description: topic.params?.[p]?.description ?? p }])) } : {}),
      messages: channelMessages,
      'x-subscribe-rule': topic.rule,
    };
    operations[key(`push.${topicKey}`)] = {
      action: 'send',
      channel: ref('channels', channelId),
      summary: `Pushes of ${topic.pattern} to its subscribers.`,
      messages: Object.keys(channelMessages).map((m) => ref('channels', channelId, 'messages', m)),
    };
  }

  // MQTT: one channel per topic; the command topic has one message per command, answered on the reply topic.
  const replyId = 'mqtt.reply.reply';
  for (const [topicKey, topic] of Object.entries(MQTT_TOPICS as Record<string, MqttTopicSpec>)) {
    const channelId = key(`mqtt.${topicKey}`);
    const channelMessages: Json = {};
    const qos = { mqtt: { qos: topic.qos, bindingVersion: '0.2.0' } };
    if (topicKey === 'command') {
      for (const [name, cmd] of Object.entries(ROBOT_COMMANDS as Record<string, RobotCommandSpec>)) {
        const id = key(`mqtt.command.${name}`);
        const base = plain(topic.payload) as { properties: Json; required?: string[] };
        messages[id] = {
          name,
          title: `Command ${name} (action ${JSON.stringify(cmd.action)})`,
          summary: cmd.summary,
          description:
            `Reply on \`${MQTT_TOPICS.reply.pattern}\` with the command's \`id\`: \`{"id", "result": "accepted"${cmd.data ? ', "data"' : ''}}\` or \`{"id", "result": "refused", "reason"}\`` +
            (cmd.reasons?.length ? ` (expected reasons: ${cmd.reasons.join(', ')})` : '') +
            `. The server waits ${COMMAND_TIMEOUT_MS / 1000} s.` +
            (cmd.data ? ` Accepted reply data: ${JSON.stringify(plain(cmd.data))}` : ''),
          contentType: 'application/json',
          correlationId: ref('components', 'correlationIds', 'commandId'),
          payload: {
            ...base,
            required: ['id', 'action', 't', ...(((plain(cmd.params) as { required?: string[] }).required ?? []).length > 0 ? ['params'] : [])],
            properties: { ...base.properties, action: { const: cmd.action }, params: plain(cmd.params) },
          },
          ...(cmd.data ? { 'x-reply-data': plain(cmd.data) } : {}),
        };
        channelMessages[id] = ref('components', 'messages', id);
      }
    } else {
      const id = key(`mqtt.${topicKey}.${topicKey}`);
      messages[id] = {
        name: topicKey,
        title: `${topic.pattern}`,
        summary: topic.summary,
        contentType: 'application/json',
        payload: plain(topic.payload),
        ...(topicKey === 'reply' ? { correlationId: ref('components', 'correlationIds', 'commandId') } : {}),
      };
      channelMessages[id] = ref('components', 'messages', id);
    }
    channels[channelId] = {
      address: topic.pattern,
      title: topic.pattern,
      summary: topic.summary,
      description: `${topic.direction === 'robotToServer' ? 'Robot → server' : 'Server → robot'}, QoS ${topic.qos}, JSON (UTF-8).`,
      servers: [ref('servers', 'broker')],
      parameters: { robotId: { description: "The robot's id as registered in the console (robotManage)." } },
      messages: channelMessages,
      'x-direction': topic.direction,
    };
    const ops = Object.keys(channelMessages).map((m) => ref('channels', channelId, 'messages', m));
    if (topicKey === 'reply') continue; // the command operation's reply
    operations[key(`${topic.direction === 'serverToRobot' ? 'send' : 'receive'}.mqtt.${topicKey}`)] = {
      action: topic.direction === 'serverToRobot' ? 'send' : 'receive',
      channel: ref('channels', channelId),
      summary: topic.summary,
      messages: ops,
      bindings: qos,
      ...(topicKey === 'command' ? { reply: { channel: ref('channels', 'mqtt.reply'), messages: [ref('channels', 'mqtt.reply', 'messages', replyId)] } } : {}),
    };
  }

  const consoleUrl = new URL(`http://${servers.consoleHost}`);
  const mqtt = new URL(servers.mqttUrl);
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Fleet Console realtime and robot messages',
      version: servers.version,
      description:
        `Protocol ${PROTOCOL_VERSION}. The console WebSocket (${SOCKET_PATH}, the token in its first frame): topics the console subscribes to and the pushes on them. ` +
        'The MQTT broker: what robots publish and the commands the server sends them. The main interface (POST /api/interface) and REST routes are in /api/openapi.json.',
    },
    defaultContentType: 'application/json',
    servers: {
      console: {
        host: consoleUrl.host,
        protocol: servers.secure ? 'wss' : 'ws',
        pathname: SOCKET_PATH,
        title: 'Console WebSocket',
        description: 'The realtime link: GET /ws, then the first frame {"type":"auth","token":"<session token>"}. A bad token, another frame first or none in time closes the socket with 4403.',
      },
      broker: {
        host: mqtt.host,
        protocol: mqtt.protocol.replace(/:$/, '') || 'mqtt',
        title: 'MQTT broker',
        description:
          'Robots are MQTT clients of this broker (the embedded broker on MQTT_PORT, default 1883, or the external one of MQTT_URL). ' +
          'The embedded broker asks for no user name or password: any client id (e.g. the robot id) connects. The server accepts messages only for robots registered in the console (robotManage), by the robot id in the topic.',
      },
    },
    channels,
    operations,
    components: {
      messages,
      correlationIds: { commandId: { description: "The command's id; the robot's reply carries it.", location: '$message.payload#/id' } },
    },
  };
}
