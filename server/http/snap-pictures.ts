import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { subjectCan } from '../../common/access';
import { Files } from '../../common/constants';
import { formatMessage } from '../../common/messages';
import { RestCode, StatusCode, type Lang, type RestAnswer } from '../../common/protocol';
import { formatBytes, type UploadKind } from '../../common/uploads';
import { insertDetection } from '../features/detections/detection-store';
import { visibleRobot } from '../entities/scope';
import { AppError } from '../errors';
import type { Services } from '../services';
import { storeUpload, type StoredFile } from '../uploads/store-upload';

/** A telecontrol snapshot: PNG or JPEG by content, at most Files.snapPictureMaxBytes. */
const SNAP_KIND: UploadKind = { maxBytes: Files.snapPictureMaxBytes, types: ['png', 'jpeg'] };

const int = (v: string | undefined): number | null => (v !== undefined && /^\d{1,9}$/.test(v) ? Number(v) : null);

/**
 * `POST /api/snapPictures` (spec §7 "snapshot upload is form data (imgFile, robotId, mapId)";
 * token header; optional field cameraId): the frame a viewer snapped in telecontrol. The picture
 * streams to DATA_DIR/uploads with its size and type checked as it comes, and becomes one
 * `detections` row of kind `snap` in the robot's company, so it is listed under Snapped pictures
 * (snapPictureQuery). Anyone who may watch the robot's video (video:read) may snap it.
 */
export function registerSnapPictures(app: FastifyInstance, svc: Services, langOf: (req: FastifyRequest) => Lang): void {
  const root = path.join(svc.config.dataDir, 'uploads');
  app.post('/api/snapPictures', async (req): Promise<RestAnswer> => {
    const lang = langOf(req);
    const session = await svc.sessions.resolve(req.headers.token as string | undefined);
    if (!session) return { code: RestCode.tokenInvalid, message: formatMessage('tokenInvalid', lang) };
    if (!subjectCan(session, 'video:read')) return { code: StatusCode.noPermission, message: formatMessage('noPermission', lang) };
    if (!req.isMultipart()) return { code: StatusCode.badRequest, message: formatMessage('noFile', lang) };
    const fields: Record<string, string> = {};
    let stored: StoredFile | null = null;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value).slice(0, 64);
          continue;
        }
        if (part.fieldname !== 'imgFile' || stored) {
          part.file.resume();
          continue;
        }
        stored = await storeUpload(part.file, SNAP_KIND, root, '/uploads/');
        await svc.blobs.saved(path.relative(svc.config.dataDir, stored.path));
      }
      if (!stored) throw new AppError(StatusCode.badRequest, 'noFile');
      const robot = await visibleRobot(svc.db, session, svc.fleet.get(fields.robotId ?? ''));
      const cameraId = int(fields.cameraId);
      const mapId = int(fields.mapId) ?? robot.mapId;
      const point = { x: robot.x, y: robot.y, latitude: robot.latitude, longitude: robot.longitude };
      const id = await insertDetection(svc.db, {
        companyId: robot.companyId || null,
        robotId: robot.robotId,
        kind: 'snap',
        detectedAt: new Date().toISOString(),
        pictureUrl: stored.url,
        mapId,
        start: point,
        end: point,
        data: JSON.stringify({ cameraId: cameraId !== null && cameraId <= 4 ? cameraId : null, source: 'telecontrol', userId: session.userId }),
      });
      return { code: RestCode.ok, message: formatMessage('ok', lang), data: { id, url: stored.url, size: stored.size, type: stored.type, robotId: robot.robotId } };
    } catch (err) {
      if (stored) fs.rmSync(stored.path, { force: true });
      if (err instanceof AppError) return { code: err.statusCode, message: formatMessage(err.messageKey, lang, err.vars) };
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return { code: StatusCode.badRequest, message: formatMessage('fileTooLarge', lang, { limit: formatBytes(SNAP_KIND.maxBytes) }) };
      req.log.error(err);
      return { code: StatusCode.serverError, message: formatMessage('serverError', lang) };
    }
  });
}
