/**
 * Map management and map element events (spec §7 Map/route CRUD, getMapById, queryMap,
 * deleteMap, mapDown, mapBind; buildings; the map editor's document). Every event checks a
 * map:* permission and the caller's company tree. Uploads and downloads are REST routes of
 * server/features/maps (multipart, files), listed in /api/openapi.json beside these.
 */
import { Type, type Static } from '@sinclair/typebox';
import { MAP_TYPES } from '../map';
import { can, defineEvents } from './define';
import { Json, labels, Page, Text } from './schema';

const MapId = Type.Integer({ minimum: 1, ...labels('Map', '地图', '地図') });
/** Sent by some clients with every call; not used. */
const UserId = Type.Optional(Type.Integer());
const MapTypeValue = Json<number>({ type: 'integer', enum: MAP_TYPES });
const Floor = Type.Integer({ minimum: 1, maximum: 200, ...labels('Floor', '楼层', '階') });
const Floors = Type.Integer({ minimum: 1, maximum: 200, ...labels('Floors', '楼层数', '階数') });
const BuildingName = Text(32, 'Building name', '楼宇名称', '建物名');
const RegionName = Text(32, 'Region', '区域', 'エリア');
const Timestamp = Type.String({ description: 'ISO 8601 date and time.' });
/** A point [x, y] in map pixels. */
const Point = Json<[number, number]>({ type: 'array', minItems: 2, maxItems: 2, items: { type: 'number' } });

/** The map config the console and robots read (spec §3), `{}` until processing has read the yaml. */
export const MapConfigSchema = Type.Object({
  pixelW: Type.Number(),
  pixelH: Type.Number(),
  scale: Type.Number({ description: 'Metres per pixel (the yaml resolution).' }),
  Xorigin: Type.Number(),
  Yorigin: Type.Number(),
  maxlayer: Type.Number(),
  pngurl: Type.Optional(Type.String()),
  colorPngUrl: Type.Optional(Type.String()),
  nativeZoom: Type.Optional(Type.Number({ description: 'Zoom level at which one tile pixel is one map pixel.' })),
});
export type MapConfig = Static<typeof MapConfigSchema>;

/** One map as the map list shows it, with the sync state of each robot of its company. */
export const MapRecordSchema = Type.Object({
  mapId: Type.Integer(),
  companyId: Type.Integer(),
  companyName: Type.Optional(Type.String()),
  regionName: Type.String(),
  buildingName: Type.String(),
  buildingId: Type.Union([Type.Integer(), Type.Null()]),
  floor: Type.Integer(),
  mapName: Type.String(),
  mapType: Type.Integer(),
  layer: Type.Integer(),
  processState: Type.Union([Type.Literal('uploading'), Type.Literal('slicing'), Type.Literal('done'), Type.Literal('failed')]),
  processProgress: Type.Number(),
  processError: Type.Union([Type.String(), Type.Null()]),
  config: Type.Union([MapConfigSchema, Type.Object({}, { additionalProperties: false })]),
  pgmName: Type.Union([Type.String(), Type.Null()]),
  yamlName: Type.Union([Type.String(), Type.Null()]),
  extraFiles: Type.Record(Type.String(), Type.String(), { description: 'Optional files uploaded with the map: kind (pcd, zip, calibration) → original name.' }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  syncs: Type.Array(
    Type.Object({
      robotId: Type.String(),
      robotName: Type.String(),
      status: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3)], { description: 'Spec §4: 0 not configured, 1 syncing, 2 success, 3 failure.' }),
      message: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type MapRecord = Static<typeof MapRecordSchema>;

/** A map element of the editor's document (spec §3 kinds 100–114). */
export const MapElementSchema = Type.Object({
  id: Type.String({ description: "The server's row id once saved." }),
  kind: Type.Integer({ minimum: 100, maximum: 114 }),
  subKind: Type.Optional(Type.Integer({ description: 'Special area kind (1–5) for kind 110, route kind (1–2) for kind 101.' })),
  name: Type.String(),
  points: Type.Array(Point),
  props: Type.Record(Type.String(), Type.Unknown()),
});

/** A building of a company (spec §5: names unique within a company). */
export const BuildingSchema = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  regionName: Type.String(),
  floors: Type.Integer(),
});
export const BuildingRowSchema = Type.Composite([BuildingSchema, Type.Object({ companyName: Type.String(), createdAt: Timestamp, mapCount: Type.Integer() })]);
export type Building = Static<typeof BuildingRowSchema>;

const ByMap = Type.Object({ mapId: MapId, mapType: Type.Optional(Type.Integer()), userId: UserId });
const MapQuery = Type.Object(
  {
    pageNum: Type.Optional(Type.Integer({ minimum: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    companyId: Type.Optional(Type.Integer()),
    buildingId: Type.Optional(Type.Integer()),
    mapName: Type.Optional(Type.String({ maxLength: 32 })),
    mapType: Type.Optional(MapTypeValue),
    userId: UserId,
  },
  { additionalProperties: false },
);
const MapPage = Page(MapRecordSchema);

/** A page of a REST list (issue 20 REST paths). */
const PageQuery = Type.Object({ pageNum: Type.Optional(Type.Integer({ minimum: 1 })), pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })), groupId: Type.Optional(Type.Integer()) }, { additionalProperties: true });

export const mapEvents = defineEvents('maps', {
  queryMap: { summary: 'A page of the maps of the caller’s company tree, newest first.', access: can('map:read'), mutating: false, param: MapQuery, answer: MapPage },
  'GET /robot/map/list': { summary: 'queryMap over REST.', access: can('map:read'), mutating: false, param: MapQuery, answer: MapPage },
  getMapById: { summary: 'One map (spec §7: a list whose first entry is the map).', access: can('map:read'), mutating: false, param: ByMap, answer: Type.Array(MapRecordSchema) },
  modifyMap: {
    summary: 'Renames a map or moves it to another building, floor or type.',
    access: can('map:update'),
    mutating: true,
    param: Type.Object(
      {
        mapId: MapId,
        mapName: Type.Optional(Text(32, 'Map name', '地图名称', '地図名')),
        buildingId: Type.Optional(Type.Integer({ minimum: 1, ...labels('Building', '楼宇', '建物') })),
        floor: Type.Optional(Floor),
        mapType: Type.Optional(Json<number>({ type: 'integer', enum: MAP_TYPES, ...labels('Map type', '地图类型', '地図タイプ') })),
        userId: UserId,
      },
      { additionalProperties: false },
    ),
    answer: MapRecordSchema,
  },
  deleteMap: { summary: 'Deletes a map, its files and elements; its robots keep no map.', access: can('map:delete'), mutating: true, param: ByMap, answer: Type.Object({ mapId: Type.Integer() }) },
  mapDown: {
    summary: 'Sends a processed map to robots (spec §4 sync): answers at once with status syncing; each robot’s result is pushed as mapSync on maps/<companyId>.',
    access: can('map:sync'),
    mutating: true,
    param: Type.Object(
      {
        mapId: MapId,
        robotIds: Type.Array(Type.String({ maxLength: 32 }), { maxItems: 100, ...labels('Robots', '机器人', 'ロボット') }),
        userId: UserId,
      },
      { additionalProperties: false },
    ),
    answer: Type.Object({ mapId: Type.Integer(), robotIds: Type.Array(Type.String()), status: Type.Literal(1) }),
  },
  queryBuildings: {
    summary: 'The buildings of the caller’s company tree with their map counts.',
    access: can('map:read'),
    mutating: false,
    param: Type.Object({ companyId: Type.Optional(Type.Integer()), userId: UserId }),
    answer: Type.Array(BuildingRowSchema),
  },
  addBuilding: {
    summary: 'Adds a building to a company (the caller’s own unless companyId names one in its tree).',
    access: can('map:create'),
    mutating: true,
    param: Type.Object(
      { name: BuildingName, regionName: RegionName, floors: Type.Optional(Floors), companyId: Type.Optional(Type.Integer({ ...labels('Company', '公司', '会社') })), userId: UserId },
      { additionalProperties: false },
    ),
    answer: BuildingSchema,
  },
  modifyBuilding: {
    summary: 'Renames a building, its region or its number of floors (not below its highest map).',
    access: can('map:update'),
    mutating: true,
    param: Type.Object(
      { id: Type.Integer({ minimum: 1 }), name: Type.Optional(BuildingName), regionName: Type.Optional(RegionName), floors: Type.Optional(Floors), userId: UserId },
      { additionalProperties: false },
    ),
    answer: BuildingSchema,
  },
  deleteBuilding: {
    summary: 'Deletes a building that has no maps.',
    access: can('map:delete'),
    mutating: true,
    param: Type.Object({ id: Type.Integer({ minimum: 1 }), userId: UserId }),
    answer: Type.Object({ id: Type.Integer() }),
  },
  getMapElements: {
    summary: 'The map editor’s document: every element of a map.',
    access: can('map:read'),
    mutating: false,
    param: ByMap,
    answer: Type.Object({ mapId: Type.Integer(), elements: Type.Array(MapElementSchema) }),
  },
  forbiddenZoneQuery: { summary: 'The forbidden zones of a map (special areas of kind 1).', access: can('map:read'), mutating: false, param: ByMap, answer: Type.Array(MapElementSchema) },
  saveMapElements: {
    summary: 'Replaces a map’s elements in one transaction after the spec §5 rules; an unchanged document is refused.',
    access: can('map:edit'),
    mutating: true,
    param: Type.Object(
      {
        mapId: MapId,
        userId: UserId,
        elements: Type.Array(
          Type.Object({
            id: Type.Optional(Json<string | number>({ type: ['string', 'integer'] })),
            kind: Type.Integer({ minimum: 100, maximum: 114 }),
            subKind: Type.Optional(Type.Integer()),
            name: Type.Optional(Type.String({ maxLength: 32 })),
            points: Type.Array(Point, { maxItems: 10_000 }),
            props: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
          }),
          { maxItems: 20_000, ...labels('Elements', '元素', '要素') },
        ),
      },
      { additionalProperties: false },
    ),
    answer: Type.Object({ mapId: Type.Integer(), elements: Type.Array(MapElementSchema) }),
  },
  copyPathways: {
    summary: 'Copies the routes of one map onto another of the same company tree (spec §5).',
    access: can('map:edit'),
    mutating: true,
    param: Type.Object({ sourceMapId: MapId, targetMapId: MapId, userId: UserId }, { additionalProperties: false }),
    answer: Type.Object({ mapId: Type.Integer(), copied: Type.Integer() }),
  },
  // Issue 20 (spec §7 maps, REST).
  mapBind: { summary: 'Maps: binds a robot to a map of its company (the robot’s mapId).', access: can('map:update'), mutating: true, param: Type.Object({ robotId: Type.String({ minLength: 1, maxLength: 32 }), mapId: Type.Integer(), userId: Type.Optional(Type.Integer()) }, { additionalProperties: false }), answer: Type.Unknown() },
  'GET /robot/map/draftList': { summary: 'Maps: maps still being processed (drafts).', access: can('map:read'), mutating: false, param: PageQuery, answer: Type.Unknown() },
});
