/**
 * Monitoring and navigation overview configuration (spec §7): the cameras and maps a company's
 * dashboard shows (get/set/delMonitoringConfig, spec §5 rules), the maps of the navigation
 * overview (get/set/delNavigationConfig), the pickers they are chosen with, and the maps the
 * overviews draw (queryMonitoringMaps: frame and picture).
 */
import { Type, type Static } from '@sinclair/typebox';
import { can, defineEvents } from './define';

/** Sent by some clients with every call; not used. */
const UserId = Type.Optional(Type.Integer());
const CompanyOnly = Type.Object({ companyId: Type.Optional(Type.Integer()), userId: UserId }, { additionalProperties: false });
const ByCompany = Type.Object({ companyId: Type.Integer(), userId: UserId }, { additionalProperties: false });
const MapIds = Type.Array(Type.Integer(), { maxItems: 64 });
const NullableTimestamp = Type.Union([Type.String({ description: 'ISO 8601 date and time.' }), Type.Null()]);

/** One camera of a dashboard: a robot's camera 0–4. */
export const MonitoredCameraSchema = Type.Object({ robotId: Type.String(), cameraId: Type.Integer() });

/** A company's dashboard: the cameras and maps it monitors (unconfigured: empty, updatedAt null). */
export const MonitoringConfigSchema = Type.Object({
  companyId: Type.Integer(),
  configured: Type.Boolean(),
  cameras: Type.Array(MonitoredCameraSchema),
  maps: Type.Array(Type.Integer()),
  updatedAt: NullableTimestamp,
});
export type MonitoringConfig = Static<typeof MonitoringConfigSchema>;

/** The maps the navigation overview (/navPandect) shows (unconfigured: every map, updatedAt null). */
export const NavigationConfigSchema = Type.Object({
  companyId: Type.Integer(),
  configured: Type.Boolean(),
  maps: Type.Array(Type.Integer()),
  updatedAt: NullableTimestamp,
});
export type NavigationConfig = Static<typeof NavigationConfigSchema>;

/** A map's frame (spec §3 map config): size in pixels, metres per pixel, origin in metres; absent keys until the map is processed. */
export const MapFrameSchema = Type.Object({
  pixelW: Type.Optional(Type.Number()),
  pixelH: Type.Optional(Type.Number()),
  scale: Type.Optional(Type.Number({ description: 'Metres per pixel.' })),
  Xorigin: Type.Optional(Type.Number()),
  Yorigin: Type.Optional(Type.Number()),
});

/** One map an overview draws. */
export const OverviewMapSchema = Type.Object({
  mapId: Type.Integer(),
  companyId: Type.Integer(),
  regionName: Type.String(),
  buildingName: Type.String(),
  floor: Type.Integer(),
  mapName: Type.String(),
  config: Type.Union([MapFrameSchema, Type.Null()]),
  picture: Type.Optional(Type.Union([Type.String({ description: 'The map picture as a PNG data URL.' }), Type.Null()])),
});
export type OverviewMap = Static<typeof OverviewMapSchema>;

const Deleted = Type.Object({ companyId: Type.Integer(), deleted: Type.Literal(true) });

export const monitoringEvents = defineEvents('monitoring', {
  queryMonitoringMaps: {
    summary: 'The maps of the caller’s company tree (or the given ones) with their frame, and on request their picture.',
    access: can('map:read'),
    mutating: false,
    param: Type.Object({ mapIds: Type.Optional(MapIds), withPicture: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
    answer: Type.Array(OverviewMapSchema),
  },
  getMonitoringConfig: {
    summary: 'A company’s dashboard configuration (the caller’s own unless companyId names one in its tree); unconfigured: empty.',
    access: can('monitoring:read'),
    mutating: false,
    param: CompanyOnly,
    answer: MonitoringConfigSchema,
  },
  setMonitoringConfig: {
    summary: 'Saves a company’s dashboard configuration: 1–16 cameras and at least 1 map of its tree, each once.',
    access: can('monitoring:write'),
    mutating: true,
    param: Type.Object(
      {
        companyId: Type.Optional(Type.Integer()),
        userId: UserId,
        cameras: Type.Array(
          Type.Object({ robotId: Type.String({ maxLength: 32 }), cameraId: Type.Integer({ minimum: 0, maximum: 4 }) }, { additionalProperties: false }),
          { maxItems: 64 },
        ),
        maps: MapIds,
      },
      { additionalProperties: false },
    ),
    answer: MonitoringConfigSchema,
  },
  queryAllCompanyNames: {
    summary: 'The companies of the caller’s tree (picker).',
    access: can('monitoring:read'),
    mutating: false,
    param: Type.Object({}),
    answer: Type.Array(Type.Object({ companyId: Type.Integer(), name: Type.String() })),
  },
  getRobotsByCompany: {
    summary: 'The robots of a company and its subsidiaries with their cameras (picker).',
    access: can('monitoring:read'),
    mutating: false,
    param: ByCompany,
    answer: Type.Array(
      Type.Object({
        robotId: Type.String(),
        robotName: Type.String(),
        robotType: Type.Integer(),
        companyId: Type.Integer(),
        mapId: Type.Union([Type.Integer(), Type.Null()]),
        online: Type.Integer(),
        videoOnline: Type.Integer(),
        cameras: Type.Array(Type.Integer()),
      }),
    ),
  },
  queryMapByCompanyId: {
    summary: 'The maps of a company and its subsidiaries (picker).',
    access: can('map:read'),
    mutating: false,
    param: ByCompany,
    answer: Type.Array(
      Type.Object({ mapId: Type.Integer(), companyId: Type.Integer(), mapName: Type.String(), buildingName: Type.String(), floor: Type.Integer(), regionName: Type.String() }),
    ),
  },
  getRobotInfoByMap: {
    summary: 'The robots of the caller’s company tree on a map, with their live state.',
    access: can('robot:read'),
    mutating: false,
    param: Type.Object({ mapId: Type.Integer(), userId: UserId }, { additionalProperties: false }),
    answer: Type.Array(
      Type.Object({
        robotId: Type.String(),
        robotName: Type.String(),
        robotType: Type.Integer(),
        status: Type.Integer(),
        online: Type.Integer(),
        battery: Type.Union([Type.Number(), Type.Null()]),
        x: Type.Union([Type.Number(), Type.Null()]),
        y: Type.Union([Type.Number(), Type.Null()]),
        theta: Type.Union([Type.Number(), Type.Null()]),
        updatedAt: Type.Union([Type.Number({ description: 'Epoch milliseconds of the last telemetry.' }), Type.Null()]),
      }),
    ),
  },
  getNavigationConfig: {
    summary: 'The maps a company’s navigation overview shows; unconfigured: none (the overview shows every map).',
    access: can('monitoring:read'),
    mutating: false,
    param: CompanyOnly,
    answer: NavigationConfigSchema,
  },
  setNavigationConfig: {
    summary: 'Saves the maps of a company’s navigation overview: at least 1 map of its tree, each once.',
    access: can('monitoring:write'),
    mutating: true,
    param: Type.Object({ companyId: Type.Optional(Type.Integer()), userId: UserId, maps: MapIds }, { additionalProperties: false }),
    answer: NavigationConfigSchema,
  },
  delNavigationConfig: {
    summary: 'Deletes a company’s navigation overview configuration.',
    access: can('monitoring:write'),
    mutating: true,
    param: CompanyOnly,
    answer: Deleted,
  },
  delMonitoringConfig: {
    summary: 'Deletes a company’s dashboard configuration.',
    access: can('monitoring:write'),
    mutating: true,
    param: CompanyOnly,
    answer: Deleted,
  },
});
