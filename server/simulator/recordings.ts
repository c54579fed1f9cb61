/**
 * The simulated robots' recorded video (history video, issue 7): which days and clips a robot
 * holds, and the upload of a clip to the server when the console exports it — multipart over
 * HTTP like a real robot, paced so the console sees progress, and stoppable (cancel).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { HistoryVideoError } from '../../common/history-video';
import type { RecordedClip } from '../../common/events/video';
import type { RobotCommand } from '../../common/robot-actions';

/** The clip every simulated export uploads (committed, 5 s 1280×720 H.264 of the front camera: scripts/make-camera-clips.mjs). */
export const RECORDED_CLIP_FILE = path.resolve('assets/video/record.mp4');
/** Cameras that record (front, back). */
const RECORDING_CAMERAS = [0, 1];
/** Clips start every two hours and last ten minutes. */
const CLIP_EVERY_H = 2;
const CLIP_MINUTES = 10;
/** How far back recordings are kept. */
const KEEP_DAYS = 30;

const pad = (n: number) => String(n).padStart(2, '0');
const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const localIso = (d: Date) => `${dayKey(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** Whether a robot recorded on a day: today always, earlier days by a stable hash (about 3 in 4), within the kept window. */
export function recordedOn(robotId: string, day: string, now = new Date()): boolean {
  const d = new Date(`${day}T00:00:00`);
  if (Number.isNaN(d.getTime())) return false;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const ageDays = Math.round((today.getTime() - d.getTime()) / 86_400_000);
  if (ageDays < 0 || ageDays > KEEP_DAYS) return false;
  if (ageDays === 0) return true;
  return crypto.createHash('sha1').update(`${robotId}/${day}`).digest()[0]! % 4 !== 0;
}

/** The days of a month (YYYY-MM) on which the robot recorded. */
export function recordedDays(robotId: string, month: string, now = new Date()): string[] {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return [];
  const days: string[] = [];
  for (let d = new Date(y, m - 1, 1); d.getMonth() === m - 1; d.setDate(d.getDate() + 1)) if (recordedOn(robotId, dayKey(d), now)) days.push(dayKey(d));
  return days;
}

/** The clips of one day and camera (those already finished, for today). */
export function clipsOf(robotId: string, day: string, cameraId: number, now = new Date()): RecordedClip[] {
  if (!RECORDING_CAMERAS.includes(cameraId) || !recordedOn(robotId, day, now)) return [];
  const out: RecordedClip[] = [];
  for (let h = 0; h < 24; h += CLIP_EVERY_H) {
    const start = new Date(`${day}T${pad(h)}:00:00`);
    const stop = new Date(start.getTime() + CLIP_MINUTES * 60_000);
    if (stop > now) break;
    out.push({ cameraId, startTime: localIso(start), stopTime: localIso(stop) });
  }
  return out;
}

/**
 * A replay from a moment (videoPush with `from`): the milliseconds of recording left from then to
 * the end of its clip, or null when the robot recorded nothing at that moment.
 */
export function recordingLeft(robotId: string, cameraId: number, from: string, now = new Date()): number | null {
  const at = new Date(from);
  if (Number.isNaN(at.getTime())) return null;
  const clip = clipsOf(robotId, dayKey(at), cameraId, now).find((c) => new Date(c.startTime).getTime() <= at.getTime() && at.getTime() < new Date(c.stopTime).getTime());
  return clip ? new Date(clip.stopTime).getTime() - at.getTime() : null;
}

/** Whether [start, stop] lies inside one recorded clip. */
function held(robotId: string, cameraId: number, startTime: string, stopTime: string, now: Date): boolean {
  const start = new Date(startTime).getTime();
  const stop = new Date(stopTime).getTime();
  return clipsOf(robotId, startTime.slice(0, 10), cameraId, now).some((c) => new Date(c.startTime).getTime() <= start && stop <= new Date(c.stopTime).getTime());
}

/** What a recording command answers: handled (with data) or not a recording command. */
export type RecordingAnswer = { data: unknown } | undefined;

/** Uploads under way, by export id (cancel stops them). */
const uploads = new Map<number, http.ClientRequest>();

/** Handles the recording commands of one robot: recordedDays, listRecordings, uploadRecording, cancelUpload. */
export function recordingCommand(robotId: string, cmd: RobotCommand, now = new Date()): RecordingAnswer {
  const p = cmd.params ?? {};
  switch (cmd.action) {
    case 'recordedDays':
      return { data: { days: recordedDays(robotId, String(p.month ?? ''), now) } };
    case 'listRecordings':
      return { data: { clips: clipsOf(robotId, String(p.day ?? ''), Number(p.cameraId ?? 0), now) } };
    case 'uploadRecording': {
      const recordId = Number(p.recordId);
      if (!held(robotId, Number(p.cameraId), String(p.startTime), String(p.stopTime), now)) return { data: { errorCode: 1 satisfies HistoryVideoError } };
      startUpload(robotId, recordId, p);
      return { data: { started: true } };
    }
    case 'cancelUpload': {
      const req = uploads.get(Number(p.recordId));
      uploads.delete(Number(p.recordId));
      req?.destroy();
      return { data: { cancelled: Boolean(req) } };
    }
    default:
      return undefined;
  }
}

/** Posts the clip as multipart form data (spec §7: video file, startTime, stopTime, robotId, cameraId, videoType mp4), 16 KB every 250 ms. */
function startUpload(robotId: string, recordId: number, p: Record<string, unknown>): void {
  const boundary = `----fcsim${crypto.randomBytes(8).toString('hex')}`;
  const fields: Record<string, string> = {
    recordId: String(recordId),
    uploadKey: String(p.uploadKey ?? ''),
    robotId,
    cameraId: String(p.cameraId),
    startTime: String(p.startTime),
    stopTime: String(p.stopTime),
    videoType: 'mp4',
  };
  const head = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${recordId}.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const video = fs.readFileSync(RECORDED_CLIP_FILE);
  const body = Buffer.concat([Buffer.from(head + fileHead), video, Buffer.from(tail)]);
  const url = new URL(String(p.uploadUrl));
  const req = http.request(url, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length) } });
  req.on('error', () => uploads.delete(recordId));
  req.on('response', (res) => {
    res.resume();
    uploads.delete(recordId);
  });
  uploads.set(recordId, req);
  let at = 0;
  const step = 16 * 1024;
  const next = () => {
    if (req.destroyed) return;
    const chunk = body.subarray(at, at + step);
    at += chunk.length;
    if (at >= body.length) req.end(chunk);
    else {
      req.write(chunk);
      setTimeout(next, 250).unref();
    }
  };
  next();
}
