/** Map management's data rules, without React: merging realtime pushes into the list, and the upload request. */
import type { MapRecord } from '@common/events/maps';
import { getToken } from '@runtime';

/** A processing push (`mapProgress` on `maps/<companyId>`). */
export interface MapProgressPush {
  mapId: number;
  processState: MapRecord['processState'];
  processProgress: number;
  processError: string | null;
}

/** A sync push (`mapSync` on `maps/<companyId>`). */
export interface MapSyncPush {
  mapId: number;
  robotId: string;
  status: MapRecord['syncs'][number]['status'];
  message: string | null;
}

/** Applies one push of a company's maps topic to the rows shown; rows it does not concern stay as they are. */
export function applyMapPush(rows: MapRecord[], event: string, data: unknown): MapRecord[] {
  if (event === 'mapProgress') {
    const p = data as MapProgressPush;
    return rows.map((r) => (r.mapId === p.mapId ? { ...r, processState: p.processState, processProgress: p.processProgress, processError: p.processError } : r));
  }
  if (event === 'mapSync') {
    const p = data as MapSyncPush;
    return rows.map((r) =>
      r.mapId === p.mapId ? { ...r, syncs: r.syncs.map((s) => (s.robotId === p.robotId ? { ...s, status: p.status, message: p.message } : s)) } : r,
    );
  }
  return rows;
}

/** Spec §9 estimate as words: "20 s", "3 min". */
export function formatEstimate(seconds: number | undefined): string {
  if (!seconds) return '—';
  return seconds < 60 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}

/** What the upload sends besides the files. */
export interface MapUploadData {
  /** The company the map is for (a super admin's choice; the building must be of it). */
  companyId?: number;
  mapName: string;
  buildingId: number;
  floor: number;
  mapType: number;
  layer: number;
  useCalibration?: boolean;
}

/**
 * Sends pgm + yaml to POST /robot/map/upload with progress (XHR: fetch has no upload progress).
 * Resolves the new map's id; rejects with the server's message.
 */
export function uploadMap(files: { pgm: Blob; yaml: Blob; pgmName: string; yamlName: string; extras?: Partial<Record<string, File>> }, data: MapUploadData, lang: string, onProgress: (percent: number) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/robot/map/upload');
    const token = getToken();
    if (token) xhr.setRequestHeader('token', token);
    xhr.setRequestHeader('accept-language', lang);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onerror = () => reject(new Error('network'));
    xhr.onload = () => {
      try {
        const body = JSON.parse(xhr.responseText) as { code: number; message: string; data?: { mapId: number } };
        if (body.code === 0 && body.data) resolve(body.data.mapId);
        else reject(new Error(body.message));
      } catch {
        reject(new Error(`HTTP ${xhr.status}`));
      }
    };
    const form = new FormData();
    // The data field first: the server reads it before the files stream in.
    form.append('data', JSON.stringify(data));
    form.append('pgm', files.pgm, files.pgmName);
    form.append('yaml', files.yaml, files.yamlName);
    for (const [kind, file] of Object.entries(files.extras ?? {})) if (file) form.append(kind, file, file.name);
    xhr.send(form);
  });
}
