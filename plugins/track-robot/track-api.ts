/** The spec §7 REST calls of the track area, typed (token header, `{code, message, data}`). */
import { restCall } from '@runtime';
import type { TrackState } from '@common/track';

/** A company of the device tree with its track robots. */
export interface DeviceTreeCompany {
  companyId: number;
  companyName: string;
  robots: { robotId: string; robotName: string; robotType: number; online: number; mapId: number | null; companyId: number; regionName: string | null }[];
}
/** The current status answer. */
export type TrackStatusAnswer = Partial<TrackState> & { robotId: string; robotName: string; online: number; battery: number | null; taskName: string | null; taskPolicy: number | null; trackStatus: number | null; position: number | null };
/** An inspection point. */
export interface TrackPoint {
  id: number;
  name: string;
  pitch: number;
  rotate: number;
  lift: number;
  position: number;
  actions: string[];
}
/** An inspection task. */
export interface TrackTask {
  id: number;
  name: string;
  type: number;
  runTime: string;
  period: string;
  weekDays: number[];
  policy: number;
  enabled: boolean;
  pointIds: number[];
  status: number;
  lastRunAt: string | null;
}
/** One point's result in a run. */
export interface TrackResultItem {
  pointId: number;
  pointName: string;
  position: number;
  readings: Record<string, number>;
  picture: string | null;
  t: string;
}
/** A task run's result. */
export interface TrackResult {
  id: number;
  taskId: number | null;
  taskName: string;
  status: number;
  startedAt: string;
  finishedAt: string | null;
  pointCount?: number;
  items?: TrackResultItem[];
}
/** A warning rule. */
export interface TrackRule {
  id: number;
  name: string;
  checkItem: string;
  condition: string;
  value: number;
  relation: string;
  condition2: string | null;
  value2: number | null;
  interval: number;
  enabled: boolean;
}
/** A raised warning. */
export interface TrackWarning {
  id: number;
  ruleName: string;
  checkItem: string;
  value: number;
  pointName: string | null;
  resultId: number | null;
  picture: string | null;
  dealt: boolean;
  dealResult: string | null;
  dealtBy: string | null;
  dealtAt: string | null;
  createdAt: string;
}
/** A track map. */
export interface TrackMap {
  id: number;
  robotId: string;
  name: string;
  length: number;
  labels: { name: string; position: number }[];
  fileName: string | null;
  updatedAt: string;
}
/** A paged list. */
export interface Paged<T> {
  list: T[];
  total: number;
}

const enc = encodeURIComponent;
const post = <T>(path: string, body: unknown = {}) => restCall<T>(path, { method: 'POST', body });
const del = (path: string) => restCall(path, { method: 'DELETE' });

/** The calls, grouped as spec §7 groups them. */
export const trackApi = {
  deviceTree: (signal?: AbortSignal) => restCall<DeviceTreeCompany[]>('/robot/common/getDeviceTreeNew', { signal }),
  params: (robotId: string) => restCall<{ railLength: number }>('/robot/common/getParamByRobot', { query: { robotId } }),
  status: (robotId: string, signal?: AbortSignal) => restCall<TrackStatusAnswer>(`/robot/track/current/status/${enc(robotId)}`, { signal }),
  remote: (robotId: string, command: string, value?: number) => post(`/robot/track/remoteControl/${enc(robotId)}`, value === undefined ? { command } : { command, value }),
  snap: (form: FormData) => restCall<{ url: string }>('/robot/file/uploadSnapPictures', { method: 'POST', body: form }),
  points: {
    list: (robot: string) => restCall<Paged<TrackPoint>>(`/robot/track/inspectPoint/${enc(robot)}`),
    actions: (robot: string) => restCall<string[]>(`/robot/track/inspectPoint/${enc(robot)}/actions`),
    create: (robot: string, body: Partial<TrackPoint>) => post<TrackPoint>(`/robot/track/inspectPoint/${enc(robot)}`, body),
    update: (robot: string, id: number, body: Partial<TrackPoint>) => post<TrackPoint>(`/robot/track/inspectPoint/${enc(robot)}/${id}`, body),
    remove: (robot: string, id: number) => del(`/robot/track/inspectPoint/${enc(robot)}/${id}`),
  },
  tasks: {
    list: (robot: string) => restCall<Paged<TrackTask>>(`/robot/track/inspectTask/${enc(robot)}`),
    create: (robot: string, body: Partial<TrackTask>) => post<TrackTask>(`/robot/track/inspectTask/${enc(robot)}`, body),
    update: (robot: string, id: number, body: Partial<TrackTask>) => post<TrackTask>(`/robot/track/inspectTask/${enc(robot)}/${id}`, body),
    remove: (robot: string, id: number) => del(`/robot/track/inspectTask/${enc(robot)}/${id}`),
    op: (robot: string, id: number, op: 'start' | 'pause' | 'resume' | 'terminate') => post(`/robot/track/inspectTask/${enc(robot)}/${id}/${op}`),
  },
  results: {
    list: (robot: string, query: { pageNum: number; pageSize: number; taskName?: string }) => restCall<Paged<TrackResult>>(`/robot/track/inspectResult/${enc(robot)}`, { query }),
    get: (robot: string, id: number) => restCall<TrackResult>(`/robot/track/inspectResult/${enc(robot)}/${id}`),
    remove: (robot: string, id: number) => del(`/robot/track/inspectResult/${enc(robot)}/${id}`),
    /** Downloads the xlsx (the REST client saves non-JSON answers as files). */
    export: (robot: string, ids?: number[]) => restCall(`/robot/track/inspectResult/${enc(robot)}/export`, { query: ids?.length ? { id: ids.join(',') } : {} }),
  },
  rules: {
    checkItems: () => restCall<{ key: string; action: string; unit: string }[]>('/robot/track/warnRules/checkItems'),
    list: (robot: string) => restCall<Paged<TrackRule>>(`/robot/track/warnRules/${enc(robot)}`),
    create: (robot: string, body: Partial<TrackRule>) => post<TrackRule>(`/robot/track/warnRules/${enc(robot)}`, body),
    update: (robot: string, id: number, body: Partial<TrackRule>) => post<TrackRule>(`/robot/track/warnRules/${enc(robot)}/${id}`, body),
    remove: (robot: string, id: number) => del(`/robot/track/warnRules/${enc(robot)}/${id}`),
  },
  warnings: {
    list: (robot: string, query: { pageNum: number; pageSize: number; dealt?: string }) => restCall<Paged<TrackWarning>>(`/robot/track/warnDetail/${enc(robot)}`, { query }),
    get: (id: number) => restCall<TrackWarning>(`/robot/track/warnDetail/detail/${id}`),
    deal: (id: number, dealResult: string) => post<TrackWarning>(`/robot/track/warnDetail/deal/${id}`, { dealResult }),
  },
  maps: {
    list: (robotId: string, query: { pageNum: number; pageSize: number }) => restCall<Paged<TrackMap>>('/robot/track/map/list', { query: { robotId, ...query } }),
    create: (body: Partial<TrackMap>) => post<TrackMap>('/robot/track/map/create', body),
    update: (id: number, body: Partial<TrackMap>) => post<TrackMap>(`/robot/track/map/update/${id}`, body),
    remove: (id: number) => del(`/robot/track/map/delete/${id}`),
    labels: (id: number) => restCall<TrackMap['labels']>(`/robot/track/map/labels/${id}`),
    upload: (id: number, file: File) => {
      const form = new FormData();
      form.append('file', file);
      return restCall<TrackMap>(`/robot/track/map/upload/${id}`, { method: 'POST', body: form });
    },
    export: (id: number) => restCall(`/robot/track/map/export/${id}`),
  },
};
