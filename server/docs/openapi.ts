/**
 * The OpenAPI 3.1 document of the main interface and the REST routes, generated from what the
 * server has registered: each catalogue entry (common/events) with its param and answer
 * schemas, each schema-driven entity operation (schemas/entities `x-api`) with its entity's
 * record, each settings operation with its settings schema. Served at /api/openapi.json.
 *
 * `POST /api/interface` carries every event in one envelope; OpenAPI has one operation per
 * path and method, so each event is the path `/api/interface#<event>` (the fragment is not
 * sent: every event posts to /api/interface).
 */
import { restMethodOf, type AccessRule } from '../../common/events/define';
import { HTTP_ROUTES, type HttpRoute } from '../../common/events/http-routes';
import { Security } from '../../common/constants';
import { PROTOCOL_VERSION, StatusCode } from '../../common/protocol';
import type { EventDef, EventRegistry, SchemaDrivenOrigin } from '../events/registry';
import { plain, type Json } from './plain-schema';


const accessText = (def: { access: AccessRule }): string =>
  def.access.kind === 'public' ? 'Anyone (no token).' : def.access.kind === 'session' ? 'Any logged-in user.' : `Holders of the permission \`${def.access.permission}\`.`;

/** The param and answer schemas of an operation the catalogue does not declare. */
function schemaDriven(def: EventDef, op: SchemaDrivenOrigin | undefined): { param: Json; answer: Json } {
  const record: Json = op?.record ? plain(op.record) : { type: 'object' };
  const param = def.validate?.schema && typeof def.validate.schema === 'object' ? plain(def.validate.schema) : op?.record ? record : { type: 'object' };
  switch (op?.action) {
    case 'read':
      return { param: { type: 'object', description: 'pageNum, pageSize, sortField, sortOrder and filters on the record’s fields.' }, answer: { type: 'object', required: ['total', 'list'], properties: { total: { type: 'integer' }, list: { type: 'array', items: record } } } };
    case 'create':
    case 'update':
      return { param: record, answer: record };
    case 'delete':
      return { param: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }, answer: { type: 'object', properties: { id: { type: 'integer' } } } };
    case 'get':
    case 'set':
      return { param, answer: record };
    default:
      return { param, answer: { type: 'object' } };
  }
}

/** Builds the document from the registry. */
export function buildOpenApi(reg: EventRegistry, opts: { version: string }): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const tags = new Set<string>();
  for (const name of reg.names()) {
    const def = reg.get(name)!;
    const entry = def.entry;
    const driven = entry ? undefined : def.schemaDriven;
    const tag = entry?.feature ?? driven?.group ?? 'other';
    tags.add(tag);
    const { param, answer } = entry ? { param: plain(entry.param), answer: plain(entry.answer) } : schemaDriven(def, driven);
    const description = [
      entry?.summary ?? (driven ? `Schema-driven operation of ${driven.source}.` : 'Not yet declared in the catalogue.'),
      `**Access:** ${accessText(def)}`,
      def.mutating ? '**Changes data:** recorded in the operation log; general users are refused it unless spec §6 allows it.' : '',
    ]
      .filter(Boolean)
      .join('\n\n');
    const common = { operationId: operationId(name), summary: entry?.summary?.split(/(?<=\.)\s/)[0] ?? name, description, tags: [tag], 'x-access': def.access, 'x-mutating': def.mutating };
    const method = restMethodOf(name);
    if (method) {
      const route = name.slice(method.length + 1);
      const holes = [...route.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const props = ((param.properties ?? {}) as Record<string, Json>) ?? {};
      const required = new Set((param.required as string[] | undefined) ?? []);
      const parameters: Json[] = [
        { name: 'token', in: 'header', required: def.access.kind !== 'public', schema: { type: 'string' }, description: 'The session token from login.' },
        ...holes.map((h) => ({ name: h, in: 'path', required: true, schema: props[h] ?? { type: 'string' } })),
      ];
      const op: Json = { ...common, parameters, responses: { 200: { description: '`code` 0 on success, else the status code and its message in the caller’s language.', content: { 'application/json': { schema: restAnswer(answer) } } } } };
      if (method === 'GET' || method === 'DELETE') {
        for (const [k, s] of Object.entries(props)) if (!holes.includes(k)) parameters.push({ name: k, in: 'query', required: required.has(k), schema: s });
      } else {
        op.requestBody = { required: false, content: { 'application/json': { schema: param } } };
      }
      (paths[route] ??= {})[method.toLowerCase()] = op;
    } else {
      paths[`/api/interface#${name}`] = {
        post: {
          ...common,
          requestBody: { required: true, content: { 'application/json': { schema: envelope(name, param, def.access.kind !== 'public') } } },
          responses: { 200: { description: 'Always HTTP 200: `statusCode` says how the event went, `statusInfo` says it in the caller’s language.', content: { 'application/json': { schema: eventAnswer(answer, def.successCode) } } } },
        },
      };
    }
  }
  // The plain HTTP routes (uploads, files, documents, WebSockets): common/events/http-routes.ts.
  for (const route of HTTP_ROUTES) {
    tags.add(route.tag);
    for (const method of route.methods) {
      const ops = (paths[route.path] ??= {});
      // An event operation of the same path and method wins (the test forbids declaring one twice).
      ops[method.toLowerCase()] ??= httpOperation(route, method);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Fleet Console protocol',
      version: opts.version,
      description: `The main interface (\`POST /api/interface\`, protocol version ${PROTOCOL_VERSION}) and the REST routes under /robot/ and /authority/, generated from the server’s event catalogue, and the plain HTTP routes (uploads, files, protocol documents, WebSockets) of common/events/http-routes.ts. The envelope, status codes and timings: docs/protocol.md. Realtime topics and the MQTT messages robots speak: /api/asyncapi.json.`,
    },
    servers: [{ url: '/' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
  };
}

const operationId = (name: string): string => name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');

function envelope(name: string, param: Json, needsToken: boolean): Json {
  return {
    type: 'object',
    required: ['event', ...(needsToken ? ['token'] : [])],
    properties: {
      event: { const: name },
      param,
      token: { type: 'string', description: 'The session token from login.' },
      protocolVersion: { const: PROTOCOL_VERSION },
      lang: { enum: ['zh', 'ja', 'en'], description: 'The language of statusInfo; otherwise Accept-Language decides.' },
    },
  };
}

function eventAnswer(answer: Json, successCode: number = StatusCode.ok): Json {
  return {
    type: 'object',
    required: ['statusCode', 'statusInfo'],
    properties: {
      statusCode: { type: 'integer', description: `${successCode} on success; 400 bad param, 401 no permission, 403 token invalid, 404 not found, 409 conflict, 500 server error.` },
      statusInfo: { type: 'string' },
      param: { ...answer, description: 'Present on success.' },
    },
  };
}

function restAnswer(data: Json): Json {
  return { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer', description: '0 on success.' }, message: { type: 'string' }, data: { ...data, description: 'Present on success.' } } };
}

const TOKEN_TEXT = {
  header: 'the `token` header',
  firstMessage: `the socket’s first message, \`{"type":"auth","token":"…"}\`, within ${Security.socketAuthMs / 1000} s of opening (never the URL); anything else first, a bad token or none in time closes it with 4403`,
  headerOrSignedLink: 'the `token` header, or a signed link (`exp`, `sig`) for a browser’s own download',
} as const;

/** The operation of one plain HTTP route. */
function httpOperation(route: HttpRoute, method: string): Json {
  const holes = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const parameters: Json[] = holes.map((h) => ({ name: h, in: 'path', required: true, schema: { type: 'string' } }));
  const needsToken = route.access.kind !== 'public';
  if (route.token === 'header' || route.token === 'headerOrSignedLink') parameters.push({ name: 'token', in: 'header', required: needsToken && route.token === 'header', schema: { type: 'string' }, description: 'The session token from login.' });
  const query = route.query ? plain(route.query) : undefined;
  const required = new Set((query?.required as string[] | undefined) ?? []);
  for (const [name, schema] of Object.entries((query?.properties ?? {}) as Record<string, Json>)) parameters.push({ name, in: 'query', required: required.has(name), schema });
  const response = route.response;
  const description = [
    route.summary,
    `**Access:** ${accessText(route)}${route.token !== 'none' ? ` Token: ${TOKEN_TEXT[route.token]}.` : ''}${route.accessNote ? ` ${route.accessNote}` : ''}`,
    route.request.kind === 'multipart' ? `**Limits:** ${route.request.limits}` : '',
    response.kind === 'websocket' ? `**WebSocket:** ${response.description}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const op: Json = {
    operationId: `http_${method.toLowerCase()}_${operationId(route.path) || 'root'}`,
    summary: route.summary.split(/(?<=\.)\s/)[0],
    description,
    tags: [route.tag],
    'x-access': route.access,
    parameters,
    responses: httpResponses(route),
  };
  if (route.request.kind === 'json') op.requestBody = { required: true, content: { 'application/json': { schema: plain(route.request.schema) } } };
  if (route.request.kind === 'multipart') {
    const fields = Object.entries(route.request.fields);
    const field = (f: { file?: boolean; many?: boolean; description: string }): Json =>
      f.file ? (f.many ? { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' }, description: f.description } : { type: 'string', contentMediaType: 'application/octet-stream', description: f.description }) : { type: 'string', description: f.description };
    op.requestBody = {
      required: true,
      description: route.request.limits,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', required: fields.filter(([, f]) => f.required).map(([n]) => n), properties: Object.fromEntries(fields.map(([n, f]) => [n, field(f)])) },
        },
      },
    };
  }
  if (response.kind === 'websocket') op['x-websocket'] = true;
  return op;
}

function httpResponses(route: HttpRoute): Json {
  const r = route.response;
  const refusal = { description: 'A refusal (bad token, no permission, not found, bad param): `code` and the message in the caller’s language.', content: { 'application/json': { schema: restAnswer({ type: 'object' }) } } };
  switch (r.kind) {
    case 'json':
      return { 200: { description: r.description ?? 'The document.', content: { 'application/json': { schema: plain(r.schema) } } } };
    case 'rest':
      return { 200: { description: '`code` 0 on success, else the status code and its message in the caller’s language.', content: { 'application/json': { schema: restAnswer(plain(r.schema)) } } } };
    case 'file': {
      const content: Record<string, Json> = Object.fromEntries(r.types.map((t) => [t, { schema: { type: 'string', contentMediaType: t } }]));
      if (r.restRefusal) content['application/json'] = refusal.content['application/json'];
      return { 200: { description: r.restRefusal ? `${r.description} A refusal is JSON \`{code, message}\` (HTTP 200).` : r.description, content } };
    }
    case 'redirect':
      return { [r.status]: { description: `Redirects to ${r.location}.`, headers: { Location: { schema: { type: 'string', const: r.location } } } } };
    case 'websocket':
      return { 101: { description: `Switching protocols to a WebSocket (\`Upgrade: websocket\`). ${r.description}` } };
  }
}
