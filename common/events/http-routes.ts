/**
 * The server's plain HTTP routes that are not events of the registry: uploads, downloads, files,
 * the protocol documents and the WebSockets. Declared once here so that /api/openapi.json
 * (server/docs/openapi.ts) describes them under their real paths, and so that a test can hold the
 * list to what Fastify has registered (tests/api/openapi.test.ts).
 *
 * Paths are OpenAPI style (`{param}`); `fastifyPath` names the registered URL when it is not the
 * path with `{p}` → `:p` (a wildcard). `access` is the route's own check; `token` says where the
 * session token comes from.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { Files, Security } from '../constants';
import { MapGuards, MapProcessState } from '../map';
import { UPLOAD_KINDS } from '../uploads';
import { anyone, can, loggedIn, type AccessRule } from './define';
import { NODE_LOG_MAX_BYTES } from './node-log';
import { reportParamFields } from './reports';
import { VideoRecordInfoSchema } from './video';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One multipart field: a file or a text field. */
export interface MultipartField {
  readonly file?: boolean;
  readonly required?: boolean;
  /** A file field that may come more than once. */
  readonly many?: boolean;
  readonly description: string;
}

/** What the route takes besides its path parameters. */
export type HttpRequest =
  | { readonly kind: 'none' }
  | { readonly kind: 'json'; readonly schema: TSchema }
  | { readonly kind: 'multipart'; readonly fields: Readonly<Record<string, MultipartField>>; readonly limits: string };

/** What the route answers. */
export type HttpResponse =
  /** JSON as is. */
  | { readonly kind: 'json'; readonly schema: TSchema; readonly description?: string }
  /** The REST answer `{code, message, data}` (always HTTP 200), `schema` being `data`. */
  | { readonly kind: 'rest'; readonly schema: TSchema }
  /** A file of these content types; a refusal is the REST answer `{code, message}` (`restRefusal`). */
  | { readonly kind: 'file'; readonly types: readonly string[]; readonly description: string; readonly restRefusal?: boolean }
  /** A redirect to `location`. */
  | { readonly kind: 'redirect'; readonly status: number; readonly location: string }
  /** A WebSocket upgrade; `description` says what flows over it. */
  | { readonly kind: 'websocket'; readonly description: string };

/**
 * Where the session token comes from: the `token` header; a socket's first message
 * `{"type":"auth","token":"…"}`; the header or a signed short-lived link (`exp`, `sig`). Never
 * the URL's query (security point 7).
 */
export type TokenSource = 'none' | 'header' | 'firstMessage' | 'headerOrSignedLink';

export interface HttpRoute {
  readonly methods: readonly HttpMethod[];
  readonly path: string;
  /** The URL as Fastify registers it, when not `path` with `{p}` → `:p`. */
  readonly fastifyPath?: string;
  readonly summary: string;
  /** The reference's tag: `files`, `protocol`, `realtime` or the feature's name. */
  readonly tag: string;
  readonly access: AccessRule;
  /** More about the access check than the rule says (entity permissions, company scope, keys). */
  readonly accessNote?: string;
  readonly token: TokenSource;
  /** Query parameters (a Type.Object: its properties, `required` as declared). */
  readonly query?: TSchema;
  readonly request: HttpRequest;
  readonly response: HttpResponse;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const Lang = Type.Union([Type.Literal('zh'), Type.Literal('ja'), Type.Literal('en')], { description: 'The language of messages and labels; otherwise Accept-Language decides.' });
const MB = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const none = { kind: 'none' } as const;
const AnyObject = Type.Object({}, { additionalProperties: true });
const Stored = Type.Object({ url: Type.String(), name: Type.String(), size: Type.Integer(), type: Type.String() });
const Imported = Type.Object({ imported: Type.Integer({ description: 'Rows imported (all or none).' }) });
const MapFile = Type.Union(['pgm', 'yaml', 'png', 'pcd', 'zip', 'calibration'].map((f) => Type.Literal(f)), { default: 'pgm' });
const ListParam = Type.Object({}, { additionalProperties: true, description: 'The list’s param: filters, sortField, sortOrder (as its list call takes them).' });

/** Every plain HTTP route of the server, by path. */
export const HTTP_ROUTES: readonly HttpRoute[] = [
  // ——— Files: uploads, the stored files, exports and imports ———
  {
    methods: ['POST'],
    path: '/api/upload',
    summary: 'Uploads files of one kind (streamed to the data folder, size and type checked by content).',
    tag: 'files',
    access: loggedIn,
    token: 'header',
    query: Type.Object({ kind: Type.Optional(Type.Union(Object.keys(UPLOAD_KINDS).map((k) => Type.Literal(k)), { default: 'file', description: 'Upload kind: its size limit and accepted file types (common/uploads.ts).' })) }),
    request: {
      kind: 'multipart',
      fields: { file: { file: true, required: true, many: true, description: 'The files (any field name).' }, data: { description: 'Optional JSON given back as `data`.' } },
      limits: `At most ${Files.filesPerBatch} files; each within its kind's limit (at most ${MB(Files.uploadMaxBytes)}); 20 fields of at most 1 MB.`,
    },
    response: { kind: 'rest', schema: Type.Composite([Stored, Type.Object({ files: Type.Array(Stored), data: Type.Unknown() })]) },
  },
  {
    methods: ['GET'],
    path: '/uploads/{file}',
    fastifyPath: '/uploads/*',
    summary: 'A stored upload, by the unguessable name its upload answered.',
    tag: 'files',
    access: anyone,
    accessNote: 'The unguessable name is the key.',
    token: 'none',
    request: none,
    response: { kind: 'file', types: ['application/octet-stream'], description: 'The file, with the content type of its name.' },
  },
  {
    methods: ['POST'],
    path: '/api/snapPictures',
    summary: 'Stores a telecontrol snapshot as a detection of kind `snap` of the robot.',
    tag: 'files',
    access: can('video:read'),
    accessNote: 'The robot must be in the caller’s company scope.',
    token: 'header',
    request: {
      kind: 'multipart',
      fields: { imgFile: { file: true, required: true, description: 'PNG or JPEG.' }, robotId: { required: true, description: 'The robot.' }, mapId: { description: 'The map (default: the robot’s).' }, cameraId: { description: 'Camera 0–4.' } },
      limits: `One picture of at most ${MB(Files.snapPictureMaxBytes)}.`,
    },
    response: { kind: 'rest', schema: Type.Object({ id: Type.Integer(), url: Type.String(), size: Type.Integer(), type: Type.String(), robotId: Type.String() }) },
  },
  {
    methods: ['POST'],
    path: '/api/export',
    summary: 'An entity’s list, filtered and sorted, as an .xlsx workbook in the caller’s language.',
    tag: 'files',
    access: loggedIn,
    accessNote: 'And the entity’s read permission (its `x-access.read`, else `<entity>:read`); company scope holds. At most 50 000 rows.',
    token: 'header',
    request: { kind: 'json', schema: Type.Object({ entity: Type.String({ description: 'The entity id (schemas/entities).' }), param: Type.Optional(ListParam), lang: Type.Optional(Lang) }) },
    response: { kind: 'file', types: [XLSX], description: 'The workbook (attachment).', restRefusal: true },
  },
  {
    methods: ['POST'],
    path: '/api/import',
    summary: 'Imports the first sheet of an .xlsx as records of an entity, all or nothing.',
    tag: 'files',
    access: loggedIn,
    accessNote: 'And the entity’s create permission (its `x-access.create`, else `<entity>:create`).',
    token: 'header',
    query: Type.Object({ entity: Type.String({ description: 'The entity id.' }), lang: Type.Optional(Lang) }),
    request: { kind: 'multipart', fields: { file: { file: true, required: true, description: 'The .xlsx (as an export writes it).' } }, limits: 'One file of at most 50 MB; at most 5 000 rows.' },
    response: { kind: 'rest', schema: Imported },
  },
  {
    methods: ['GET'],
    path: '/api/faces/template',
    summary: 'The face library’s import template (.xlsx) in the caller’s language.',
    tag: 'files',
    access: can('face:create'),
    accessNote: 'The face-entry entity’s `x-access.create`.',
    token: 'header',
    query: Type.Object({ lang: Type.Optional(Lang) }),
    request: none,
    response: { kind: 'file', types: [XLSX], description: 'The template (attachment).', restRefusal: true },
  },
  {
    methods: ['POST'],
    path: '/api/faces/import',
    summary: 'Imports people into the face library: the template sheet (or a .zip with it and the photos) and loose photos.',
    tag: 'files',
    access: can('face:create'),
    accessNote: 'The face-entry entity’s `x-access.create`.',
    token: 'header',
    query: Type.Object({ lang: Type.Optional(Lang) }),
    request: { kind: 'multipart', fields: { file: { file: true, required: true, many: true, description: 'The .xlsx or .zip, and PNG/JPEG photos (any field name).' } }, limits: `At most ${Files.filesPerBatch} files; at most 500 people a batch.` },
    response: { kind: 'rest', schema: Imported },
  },
  // ——— Feature files ———
  {
    methods: ['POST'],
    path: '/api/report/export',
    summary: 'A robot’s report for a period as an .xlsx workbook.',
    tag: 'reports',
    access: can('report:read'),
    token: 'header',
    request: { kind: 'json', schema: Type.Object({ ...reportParamFields, lang: Type.Optional(Lang) }) },
    response: { kind: 'file', types: [XLSX], description: 'The report (attachment).', restRefusal: true },
  },
  {
    methods: ['POST'],
    path: '/api/health-export',
    summary: 'The online history of a robot or the robots’ operation statistics (the robot health pages) as an .xlsx workbook in the caller’s language.',
    tag: 'files',
    access: loggedIn,
    accessNote: 'The access and param rules of getOnlineHistory (`system:health`) or getOperateStats, whose answer the workbook holds.',
    token: 'header',
    request: {
      kind: 'json',
      schema: Type.Object({
        entity: Type.Union([Type.Literal('onlineHistory'), Type.Literal('operateStats')], { description: 'Which page’s export.' }),
        param: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'The param of getOnlineHistory or getOperateStats.' })),
        lang: Type.Optional(Lang),
      }),
    },
    response: { kind: 'file', types: [XLSX], description: 'One sheet (attachment).', restRefusal: true },
  },
  {
    methods: ['POST'],
    path: '/api/meter-statements',
    summary: 'The meter statements of the filtered custom-detection readings as an .xlsx workbook.',
    tag: 'detections',
    access: can('detection:read'),
    accessNote: 'The custom-detection entity’s `x-access.read`.',
    token: 'header',
    request: { kind: 'json', schema: Type.Object({ param: Type.Optional(ListParam), lang: Type.Optional(Lang) }) },
    response: { kind: 'file', types: [XLSX], description: 'A statement sheet and a readings sheet (attachment).', restRefusal: true },
  },
  {
    methods: ['POST'],
    path: '/robot/map/upload',
    summary: 'Uploads a map (pgm and yaml, optional pcd, zip, calibration); answers at once and slices in the background.',
    tag: 'maps',
    access: can('map:create'),
    accessNote: 'The building must be in the caller’s company tree.',
    token: 'header',
    request: {
      kind: 'multipart',
      fields: {
        pgm: { file: true, required: true, description: `The occupancy grid (at most ${MB(MapGuards.maxPgmBytes)}).` },
        yaml: { file: true, required: true, description: 'Its ROS map yaml (at most 64 KB).' },
        pcd: { file: true, description: 'Point cloud.' },
        zip: { file: true, description: 'Any further files, zipped.' },
        calibration: { file: true, description: 'Calibration yaml; required with useCalibration.' },
        data: { required: true, description: 'JSON: mapName, buildingId, floor, mapType, layer (6–10), useCalibration.' },
      },
      limits: `pgm ${MB(MapGuards.maxPgmBytes)}, yaml and calibration 64 KB, pcd and zip ${MB(Files.uploadMaxBytes)}; type checked by content.`,
    },
    response: { kind: 'rest', schema: Type.Object({ mapId: Type.Integer(), processState: Type.Literal(MapProcessState.slicing) }) },
  },
  {
    methods: ['GET'],
    path: '/robot/map/download/{mapId}',
    summary: 'One file of a map (pgm, yaml, rendered png or an extra file).',
    tag: 'maps',
    access: can('map:read'),
    accessNote:
      'The map must be in the caller’s company scope. A browser’s download gives the signed link of /robot/map/downloadLink/{mapId} instead of a token (HTTP 403 `The link has expired, download again` or `The link is not valid`). A robot syncing the map may give a `ticket` (mapDown) instead, for pgm and yaml only.',
    token: 'headerOrSignedLink',
    query: Type.Object({
      file: Type.Optional(MapFile),
      ticket: Type.Optional(Type.String({ description: 'A robot’s download ticket.' })),
      exp: Type.Optional(Type.String({ description: 'A signed link’s expiry (unix seconds).' })),
      sig: Type.Optional(Type.String({ description: 'A signed link’s signature.' })),
    }),
    request: none,
    response: { kind: 'file', types: ['image/x-portable-graymap', 'text/yaml', 'image/png', 'application/octet-stream'], description: 'The file (attachment); 404 `{code, message}` when missing.' },
  },
  {
    methods: ['GET'],
    path: '/robot/map/downloadLink/{mapId}',
    summary: `A signed link to one file of a map, for the browser’s own download: /robot/map/download/{mapId}?file=…&exp=…&sig=…, valid ${Security.fileLinkTtlMs / 60_000} minutes, for that file only.`,
    tag: 'maps',
    access: can('map:read'),
    accessNote: 'The map must be in the caller’s company scope (else 404).',
    token: 'header',
    query: Type.Object({ file: Type.Optional(MapFile) }),
    request: none,
    response: { kind: 'rest', schema: Type.Object({ url: Type.String({ description: 'The link (a path on this server).' }), expiresAt: Type.Integer({ description: 'When it expires, ms since the epoch.' }) }) },
  },
  {
    methods: ['GET'],
    path: '/robot/map/image/{mapId}',
    summary: 'A map’s rendered picture.',
    tag: 'maps',
    access: can('map:read'),
    accessNote: 'The map must be in the caller’s company scope.',
    token: 'header',
    query: Type.Object({ kind: Type.Optional(Type.Literal('colour', { description: 'The coloured rendering.' })) }),
    request: none,
    response: { kind: 'file', types: ['image/png'], description: 'The picture; 404 `{code, message}` when missing.' },
  },
  {
    methods: ['GET'],
    path: '/robot/map/tile/{mapId}/{z}/{x}/{y}',
    summary: 'One 256-pixel tile of a map’s rendered picture (`y` may end in .png).',
    tag: 'maps',
    access: can('map:read'),
    accessNote: 'The map must be in the caller’s company scope.',
    token: 'header',
    request: none,
    response: { kind: 'file', types: ['image/png'], description: 'The tile; 404 `{code, message}` outside the level.' },
  },
  {
    methods: ['GET'],
    path: '/robot/track/inspectResult/{robot}/export',
    summary: 'A track robot’s inspection results as an .xlsx workbook.',
    tag: 'track',
    access: can('track:read'),
    accessNote: 'The robot must be a track robot in the caller’s company scope.',
    token: 'header',
    query: Type.Object({ id: Type.Optional(Type.String({ description: 'Comma-separated result ids; all (at most 5 000) when absent.' })) }),
    request: none,
    response: { kind: 'file', types: [XLSX], description: 'The results (attachment).', restRefusal: true },
  },
  {
    methods: ['GET'],
    path: '/robot/track/map/export/{id}',
    summary: 'A track map as its JSON file.',
    tag: 'track',
    access: can('track:read'),
    token: 'header',
    request: none,
    response: { kind: 'file', types: ['application/octet-stream'], description: 'JSON `{format, version, robotId, name, length, labels}` (attachment).', restRefusal: true },
  },
  {
    methods: ['POST'],
    path: '/robot/track/map/upload/{id}',
    summary: 'Replaces a track map’s length and labels with a JSON map file.',
    tag: 'track',
    access: can('track:write'),
    token: 'header',
    request: { kind: 'multipart', fields: { file: { file: true, required: true, description: 'The JSON track map (length, labels).' } }, limits: 'One file of at most 1 MB.' },
    response: { kind: 'rest', schema: AnyObject },
  },
  {
    methods: ['POST'],
    path: '/robot/file/uploadSnapPictures',
    summary: 'Stores a picture snapped on a track robot.',
    tag: 'track',
    access: can('track:write'),
    accessNote: 'The robot must be a track robot in the caller’s company scope.',
    token: 'header',
    request: { kind: 'multipart', fields: { file: { file: true, required: true, description: 'PNG, JPEG or SVG (any field name; the last is kept).' }, data: { required: true, description: 'JSON `{robotId}`.' } }, limits: 'Pictures of at most 5 MB.' },
    response: { kind: 'rest', schema: Type.Object({ url: Type.String(), name: Type.String(), size: Type.Integer(), robotId: Type.String() }) },
  },
  {
    methods: ['POST'],
    path: '/robot/avstream/videoRecord',
    summary: 'The robot’s upload of a history video export (mp4).',
    tag: 'video',
    access: anyone,
    accessNote: 'No token: the `uploadKey` of an export still uploading is the key.',
    token: 'none',
    request: {
      kind: 'multipart',
      fields: {
        recordId: { required: true, description: 'The export.' },
        uploadKey: { required: true, description: 'Its upload key.' },
        robotId: { description: 'The robot.' },
        cameraId: { description: 'The camera.' },
        startTime: { description: 'Start of the recording.' },
        stopTime: { description: 'End of the recording.' },
        videoType: { description: '`mp4`.' },
        file: { file: true, required: true, description: 'The mp4, after the fields.' },
      },
      limits: `One mp4 of at most ${MB(Files.uploadMaxBytes)}.`,
    },
    response: { kind: 'rest', schema: VideoRecordInfoSchema },
  },
  // ——— Robots' software and the phone client (issue 19) ———
  {
    methods: ['POST'],
    path: '/api/largeFile/uploadMoveProgram',
    summary: 'uploadMoveProgram on the large-file address (spec §7): a program for a robot, streamed to the blob store; it then appears in getServicePack\'s programs (onServer) and issueServicePack sends it. Answered like an event: {statusCode, statusInfo, param: {robotId, name, version, size}}.',
    tag: 'maintenance-software',
    access: can('software:write'),
    accessNote: 'The robot must be in the caller’s company scope.',
    token: 'header',
    request: {
      kind: 'multipart',
      fields: {
        param: { required: true, description: 'JSON {robotId, name (letters, digits, _ . -, at most 64), version?}.' },
        file: { file: true, required: true, description: 'The program (any content).' },
      },
      limits: `One file under ${MB(Files.uploadMaxBytes)} (at or above is refused "The file is too large (at most 1 GB)", nothing kept).`,
    },
    response: { kind: 'json', schema: Type.Object({ statusCode: Type.Integer(), statusInfo: Type.String(), param: Type.Optional(Type.Object({ robotId: Type.String(), name: Type.String(), version: Type.String(), size: Type.Integer() })) }) },
  },
  {
    methods: ['GET'],
    path: '/api/app/latest',
    summary: 'The newest phone client package (the login page’s download link and QR code), or null.',
    tag: 'phone',
    access: anyone,
    token: 'none',
    request: none,
    response: {
      kind: 'json',
      schema: Type.Object({
        latest: Type.Union([
          Type.Object({ version: Type.String(), description: Type.String(), fileName: Type.String(), fileSize: Type.Integer(), uploadedAt: Type.String(), url: Type.String({ description: '/api/app/latest/download' }) }),
          Type.Null(),
        ]),
      }),
    },
  },
  {
    methods: ['GET'],
    path: '/api/app/latest/download',
    summary: 'The newest phone client package’s file (only the newest is public).',
    tag: 'phone',
    access: anyone,
    token: 'none',
    request: none,
    response: { kind: 'file', types: ['application/vnd.android.package-archive'], description: 'The .apk; 404 {code, message} "No app package has been uploaded yet" when there is none.' },
  },
  {
    methods: ['POST'],
    path: '/api/phone/log',
    summary: 'A phone client (logged in as a console user) uploads its log; it appears in getPhoneLog.',
    tag: 'phone',
    access: loggedIn,
    token: 'header',
    request: {
      kind: 'multipart',
      fields: { file: { file: true, required: true, description: 'The log file.' }, phoneModel: { description: 'The phone’s model.' }, appVersion: { description: 'The app’s version.' } },
      limits: 'One file under 100 MB.',
    },
    response: { kind: 'rest', schema: Type.Object({ id: Type.Integer(), url: Type.String(), size: Type.Integer() }) },
  },
  {
    methods: ['POST'],
    path: '/robot/nodeLog/upload',
    summary: 'A robot uploads one node’s log file after logUpload (it appears in getNodeLogs and logManage).',
    tag: 'maintenance-software',
    access: anyone,
    accessNote: 'Robots only: the one-time `uploadKey` logUpload gave the robot must match (HTTP 200 with statusCode 400 "upload key" message otherwise, nothing kept).',
    token: 'none',
    request: {
      kind: 'multipart',
      fields: {
        robotId: { required: true, description: 'The robot.' },
        uploadKey: { required: true, description: 'The key logUpload gave the robot.' },
        jobId: { description: 'The logUpload job.' },
        node: { description: 'The node service the log is of.' },
        file: { file: true, required: true, description: 'The log file (fields first).' },
      },
      limits: `One file up to ${MB(NODE_LOG_MAX_BYTES)}.`,
    },
    response: { kind: 'rest', schema: AnyObject },
  },
  // ——— WebSockets ———
  {
    methods: ['GET'],
    path: '/ws',
    summary: 'The realtime WebSocket: subscribe to topics, receive their pushes.',
    tag: 'realtime',
    access: loggedIn,
    accessNote: 'A missing or bad token closes the socket with 4403.',
    token: 'firstMessage',
    request: none,
    response: { kind: 'websocket', description: 'JSON messages; the topics and their payloads are in /api/asyncapi.json.' },
  },
  {
    methods: ['GET'],
    path: '/live/{robotId}/{camera}',
    summary: 'One robot camera’s live video as FLV over a WebSocket.',
    tag: 'video',
    access: loggedIn,
    accessNote: 'The robot must be in the caller’s company scope; close codes name a bad token or an ended session (4403), an unknown camera, video offline, a bad stream (4400 `stream must be main or sub`).',
    token: 'firstMessage',
    request: none,
    response: {
      kind: 'websocket',
      description:
        'Binary FLV; `camera` is 0–4 or its name (front, back, left, right, infrared). `?stream=sub` plays the camera’s low-resolution sub stream (wall tiles), `?stream=main` or none its main stream; `?from=<moment>` a replay.',
    },
  },
  {
    methods: ['GET'],
    path: '/ingest/{robotId}/{camera}',
    summary: 'A robot pushes one camera’s live video here (FLV over a WebSocket, binary messages) after the videoPush command named this address.',
    tag: 'video',
    access: anyone,
    accessNote: 'No token: the one-time `key` of the videoPush command is the key; a wrong key closes the socket with 4403. `camera` is the camera’s name (front, back, left, right, infrared).',
    token: 'none',
    request: none,
    response: { kind: 'websocket', description: 'The robot sends the FLV header, then tags (codec configuration first, key frames regularly); the server sends nothing and closes with 1000 when nobody watches any more.' },
  },
  {
    methods: ['GET'],
    path: '/live-mux',
    summary: 'Many robot cameras’ live video over one WebSocket.',
    tag: 'video',
    access: loggedIn,
    accessNote: 'Each camera as for /live/{robotId}/{camera}.',
    token: 'firstMessage',
    request: none,
    response: {
      kind: 'websocket',
      description:
        'Text `{"type":"open","id":n,"path":"/live/<robotId>/<camera>"}` (the path may add `?stream=main|sub` and `from`) opens a stream (at most 32); binary messages are a 2-byte stream id then its FLV bytes.',
    },
  },
  // ——— Health (for the balancer and orchestrators) ———
  {
    methods: ['GET'],
    path: '/healthz',
    summary: 'Liveness: 200 while the process serves HTTP.',
    tag: 'protocol',
    access: anyone,
    token: 'none',
    request: none,
    response: { kind: 'json', schema: Type.Object({ status: Type.Literal('ok'), replica: Type.String() }) },
  },
  {
    methods: ['GET'],
    path: '/readyz',
    summary: 'Readiness: 200 when the database and the MQTT broker answer, else 503 naming what is down (a balancer sends no traffic then); 503 `{status:"starting"}` while the process starts (its port opens first).',
    tag: 'protocol',
    access: anyone,
    token: 'none',
    request: none,
    response: {
      kind: 'json',
      schema: Type.Union([
        Type.Object({ status: Type.Union([Type.Literal('ready'), Type.Literal('unready')]), replica: Type.String(), database: Type.Boolean(), broker: Type.Boolean(), leader: Type.Boolean() }),
        Type.Object({ status: Type.Literal('starting') }),
      ]),
    },
  },
  // ——— Start-up and protocol documents ———
  {
    methods: ['GET'],
    path: '/config.json',
    summary: 'The console’s start-up configuration: addresses, ICE servers, version, edition.',
    tag: 'protocol',
    access: anyone,
    token: 'none',
    request: none,
    response: {
      kind: 'json',
      schema: Type.Object({
        httpUrl: Type.String(),
        largeFileUrl: Type.String(),
        appBuildUrl: Type.String({ description: 'The newest phone client package (spec §7 "app build address").' }),
        wsUrl: Type.String(),
        iceServers: Type.Array(AnyObject),
        version: Type.String(),
        protocolVersion: Type.String(),
        mapMaxLayer: Type.Integer(),
        companyMaxLayer: Type.Integer(),
        edition: Type.String(),
        https: Type.Boolean(),
        captcha: Type.Boolean(),
      }),
    },
  },
  {
    methods: ['GET'],
    path: '/api/schemas',
    summary: 'The live schema set: entities, enums and settings (gzip when accepted).',
    tag: 'protocol',
    access: anyone,
    token: 'none',
    request: none,
    response: {
      kind: 'json',
      schema: Type.Object({ revision: Type.Integer(), error: Type.Union([Type.String(), Type.Null()]), entities: Type.Array(AnyObject), enums: Type.Array(AnyObject), settings: Type.Array(AnyObject) }),
    },
  },
  { methods: ['GET'], path: '/api/openapi.json', summary: 'This OpenAPI 3.1 document.', tag: 'protocol', access: anyone, token: 'none', request: none, response: { kind: 'json', schema: AnyObject } },
  { methods: ['GET'], path: '/api/asyncapi.json', summary: 'The AsyncAPI document of the realtime topics and the robots’ MQTT messages.', tag: 'protocol', access: anyone, token: 'none', request: none, response: { kind: 'json', schema: AnyObject } },
  {
    methods: ['GET'],
    path: '/api/reference',
    summary: 'Redirects to the browsable reference.',
    tag: 'protocol',
    access: anyone,
    token: 'none',
    request: none,
    response: { kind: 'redirect', status: 302, location: '/api/reference/' },
  },
  {
    methods: ['GET'],
    path: '/api/reference/',
    summary: 'The browsable reference (Swagger UI of this document).',
    tag: 'protocol',
    access: anyone,
    token: 'none',
    request: none,
    response: { kind: 'file', types: ['text/html'], description: 'The page.' },
  },
  {
    methods: ['GET'],
    path: '/api/reference/{file}',
    summary: 'A file of the browsable reference (init.js, swagger-ui.css, swagger-ui-bundle.js).',
    tag: 'protocol',
    access: anyone,
    token: 'none',
    request: none,
    response: { kind: 'file', types: ['text/javascript', 'text/css', 'text/html'], description: 'The file; 404 for any other name.' },
  },
];

/** The URL Fastify registers for a declared route. */
export const fastifyPathOf = (r: HttpRoute): string => r.fastifyPath ?? r.path.replace(/\{(\w+)\}/g, ':$1');
