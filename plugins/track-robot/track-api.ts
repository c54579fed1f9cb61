/**
 * The spec §7 REST calls of the track area (token header, `{code, message, data}`), typed from
 * the protocol catalogue common/events/track.ts; the calls that carry files are plain paths.
 */
import { restCall } from '@runtime';
import type { EventName, ParamOf } from '@common/events';
import type { TrackMap } from '@common/events/track';

export type { DeviceTreeCompany, TrackMap, TrackPoint, TrackResult, TrackResultItem, TrackResultRow, TrackRule, TrackStatusAnswer, TrackTask, TrackWarning } from '@common/events/track';

/** What a form sends to an operation: its param without the path placeholders. */
type Body<N extends EventName> = Omit<ParamOf<N>, 'robot' | 'id' | 'mapId' | 'token'>;
/** A new inspection point. */
export type PointBody = Body<'POST /robot/track/inspectPoint/{robot}'>;
/** A new inspection task. */
export type TaskBody = Body<'POST /robot/track/inspectTask/{robot}'>;
/** A new warning rule. */
export type RuleBody = Body<'POST /robot/track/warnRules/{robot}'>;
/** A new rail map (its robot aside). */
export type MapBody = Omit<Body<'POST /robot/track/map/create'>, 'robotId'>;

const id = (n: number) => String(n);

/** The calls, grouped as spec §7 groups them. */
export const trackApi = {
  deviceTree: (signal?: AbortSignal) => restCall('GET /robot/common/getDeviceTreeNew', {}, { signal }),
  params: (robotId: string) => restCall('GET /robot/common/getParamByRobot', { robotId }),
  status: (robotId: string, signal?: AbortSignal) => restCall('GET /robot/track/current/status/{id}', { id: robotId }, { signal }),
  remote: (robotId: string, command: ParamOf<'POST /robot/track/remoteControl/{id}'>['command'], value?: number) =>
    restCall('POST /robot/track/remoteControl/{id}', value === undefined ? { id: robotId, command } : { id: robotId, command, value }),
  snap: (form: FormData) => restCall<{ url: string }>('/robot/file/uploadSnapPictures', { method: 'POST', body: form }),
  points: {
    list: (robot: string) => restCall('GET /robot/track/inspectPoint/{robot}', { robot }),
    actions: (robot: string) => restCall('GET /robot/track/inspectPoint/{robot}/actions', { robot }),
    create: (robot: string, body: PointBody) => restCall('POST /robot/track/inspectPoint/{robot}', { ...body, robot }),
    update: (robot: string, n: number, body: Body<'POST /robot/track/inspectPoint/{robot}/{id}'>) => restCall('POST /robot/track/inspectPoint/{robot}/{id}', { ...body, robot, id: id(n) }),
    remove: (robot: string, n: number) => restCall('DELETE /robot/track/inspectPoint/{robot}/{id}', { robot, id: id(n) }),
  },
  tasks: {
    list: (robot: string) => restCall('GET /robot/track/inspectTask/{robot}', { robot }),
    create: (robot: string, body: TaskBody) => restCall('POST /robot/track/inspectTask/{robot}', { ...body, robot }),
    update: (robot: string, n: number, body: Body<'POST /robot/track/inspectTask/{robot}/{id}'>) => restCall('POST /robot/track/inspectTask/{robot}/{id}', { ...body, robot, id: id(n) }),
    remove: (robot: string, n: number) => restCall('DELETE /robot/track/inspectTask/{robot}/{id}', { robot, id: id(n) }),
    op: (robot: string, n: number, op: 'start' | 'pause' | 'resume' | 'terminate') => restCall(`POST /robot/track/inspectTask/{robot}/{id}/${op}`, { robot, id: id(n) }),
  },
  results: {
    list: (robot: string, query: { pageNum: number; pageSize: number; taskName?: string }) => restCall('GET /robot/track/inspectResult/{robot}', { ...query, robot }),
    get: (robot: string, n: number) => restCall('GET /robot/track/inspectResult/{robot}/{id}', { robot, id: id(n) }),
    remove: (robot: string, n: number) => restCall('DELETE /robot/track/inspectResult/{robot}/{id}', { robot, id: id(n) }),
    /** Downloads the xlsx (the REST client saves non-JSON answers as files). */
    export: (robot: string, ids?: number[]) => restCall(`/robot/track/inspectResult/${encodeURIComponent(robot)}/export`, { query: ids?.length ? { id: ids.join(',') } : {} }),
  },
  rules: {
    checkItems: () => restCall('GET /robot/track/warnRules/checkItems', {}),
    list: (robot: string) => restCall('GET /robot/track/warnRules/{robot}', { robot }),
    create: (robot: string, body: RuleBody) => restCall('POST /robot/track/warnRules/{robot}', { ...body, robot }),
    update: (robot: string, n: number, body: Body<'POST /robot/track/warnRules/{robot}/{id}'>) => restCall('POST /robot/track/warnRules/{robot}/{id}', { ...body, robot, id: id(n) }),
    remove: (robot: string, n: number) => restCall('DELETE /robot/track/warnRules/{robot}/{id}', { robot, id: id(n) }),
  },
  warnings: {
    list: (robot: string, query: Body<'GET /robot/track/warnDetail/{robot}'>) => restCall('GET /robot/track/warnDetail/{robot}', { ...query, robot }),
    get: (n: number) => restCall('GET /robot/track/warnDetail/detail/{id}', { id: id(n) }),
    deal: (n: number, dealResult: string) => restCall('POST /robot/track/warnDetail/deal/{id}', { id: id(n), dealResult }),
  },
  maps: {
    list: (robotId: string, query: { pageNum: number; pageSize: number }) => restCall('GET /robot/track/map/list', { robotId, ...query }),
    create: (body: Body<'POST /robot/track/map/create'>) => restCall('POST /robot/track/map/create', body),
    update: (n: number, body: Body<'POST /robot/track/map/update/{mapId}'>) => restCall('POST /robot/track/map/update/{mapId}', { ...body, mapId: id(n) }),
    remove: (n: number) => restCall('DELETE /robot/track/map/delete/{id}', { id: id(n) }),
    labels: (n: number) => restCall('GET /robot/track/map/labels/{id}', { id: id(n) }),
    upload: (n: number, file: File) => {
      const form = new FormData();
      form.append('file', file);
      return restCall<Omit<TrackMap, 'createdAt'>>(`/robot/track/map/upload/${n}`, { method: 'POST', body: form });
    },
    export: (n: number) => restCall(`/robot/track/map/export/${n}`),
  },
};
