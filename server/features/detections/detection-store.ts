import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DETECTION_KINDS, DETECTION_PICTURE_MAX_BYTES, type DetectionMessage, type DetectionPose } from '../../../common/detections';
import { sniffFileType } from '../../../common/uploads';
import { bumpTable } from '../../entities/crud';
import type { BlobStore } from '../../store/blobs';
import type { FleetState } from '../../fleet/state';
import type { Db } from '../../store/db';
import type { SettingsDoc } from '../../../common/settings';
import { recogniseDetection, THRESHOLD_KINDS } from './recognise';

const KINDS = new Set<string>(DETECTION_KINDS);

function finite(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function pose(p: unknown): DetectionPoint {
  const o = (p && typeof p === 'object' ? p : {}) as Partial<DetectionPose>;
  const lat = finite(o.latitude);
  const lng = finite(o.longitude);
  return { x: finite(o.x), y: finite(o.y), latitude: lat !== null && Math.abs(lat) <= 90 ? lat : null, longitude: lng !== null && Math.abs(lng) <= 180 ? lng : null };
}

/**
 * Stores what a robot reported on its detection topic: the picture under DATA_DIR/uploads (PNG
 * or JPEG, checked by content, at most DETECTION_PICTURE_MAX_BYTES) and one row of `detections`
 * in the robot's company. A message of an unknown robot or kind is dropped (robots that send
 * garbage are ignored, not fatal). Returns the new row's id, or null when dropped.
 */
export async function storeDetection(
  db: Db,
  blobs: BlobStore,
  fleet: FleetState,
  robotId: string,
  message: DetectionMessage,
  settingsOf?: (robotId: string) => Promise<SettingsDoc | null>,
): Promise<number | null> {
  const robot = fleet.get(robotId);
  if (!robot || !message || typeof message !== 'object' || !KINDS.has(String(message.kind))) return null;
  const uploadsRoot = blobs.pathOf('uploads');
  let pictureUrl: string | null = null;
  if (typeof message.picture === 'string' && message.picture) {
    const bytes = Buffer.from(message.picture, 'base64');
    const type = sniffFileType(bytes.subarray(0, 64));
    if (bytes.length <= DETECTION_PICTURE_MAX_BYTES && (type === 'png' || type === 'jpeg')) {
      const month = new Date().toISOString().slice(0, 7);
      const name = `${crypto.randomBytes(16).toString('hex')}.${type === 'png' ? 'png' : 'jpg'}`;
      fs.mkdirSync(path.join(uploadsRoot, month), { recursive: true });
      await fs.promises.writeFile(path.join(uploadsRoot, month, name), bytes);
      pictureUrl = `/uploads/${month}/${name}`;
      await blobs.saved(pictureUrl.slice(1));
    }
  }
  const start = pose(message.start);
  const end = pose(message.end);
  const t = finite(message.t);
  const data: Record<string, unknown> = message.data && typeof message.data === 'object' && !Array.isArray(message.data) ? { ...message.data } : {};
  // The company's identity blacklist and the robot's thresholds decide, not the robot.
  const settings = settingsOf && THRESHOLD_KINDS.includes(message.kind) ? await settingsOf(robotId) : undefined;
  await recogniseDetection(db, robot.companyId || null, message.kind, data, settings);
  const messageId = typeof message.id === 'string' && message.id.length > 0 && message.id.length <= 64 ? message.id : null;
  const id = await insertDetection(db, {
    messageId,
    companyId: robot.companyId || null,
    robotId,
    kind: message.kind,
    detectedAt: new Date(t ?? Date.now()).toISOString(),
    pictureUrl,
    mapId: finite(message.mapId) ?? robot.mapId,
    start,
    end,
    data: JSON.stringify(data).length <= 16_384 ? JSON.stringify(data) : '{}',
  });
  // A resent message (same id) was stored already: its second picture goes.
  if (id === null && pictureUrl) await blobs.remove(pictureUrl.slice(1));
  return id;
}

/** A point of a detection: map millimetres and GPS. */
type DetectionPoint = Record<'x' | 'y' | 'latitude' | 'longitude', number | null>;

/** Writes one `detections` row (robot reports and telecontrol snapshots alike); returns its id. */
export async function insertDetection(
  db: Db,
  row: { messageId?: string | null; companyId: number | null; robotId: string; kind: string; detectedAt: string; pictureUrl: string | null; mapId: number | null; start: DetectionPoint; end: DetectionPoint; data: string },
): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO detections ("companyId", "robotId", kind, "detectedAt", "pictureUrl", "mapId", "startX", "startY", "endX", "endY", "startLat", "startLng", "endLat", "endLng", data, "messageId")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     ON CONFLICT ("robotId", "messageId") WHERE "messageId" IS NOT NULL DO NOTHING RETURNING id`,
    [row.companyId, row.robotId, row.kind, row.detectedAt, row.pictureUrl, row.mapId, row.start.x, row.start.y, row.end.x, row.end.y, row.start.latitude, row.start.longitude, row.end.latitude, row.end.longitude, row.data, row.messageId ?? null],
  );
  if (!rows[0]) return null;
  bumpTable('detections');
  return rows[0].id;
}
