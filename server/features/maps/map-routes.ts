import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { subjectCan } from '../../../common/access';
import { Files, MapLimits } from '../../../common/constants';
import { MapGuards, MAP_TYPES, MapProcessState } from '../../../common/map';
import { formatMessage, type MessageKey } from '../../../common/messages';
import { RestCode, StatusCode, type Lang, type RestAnswer } from '../../../common/protocol';
import { formatBytes, type UploadKind } from '../../../common/uploads';
import type { Session } from '../../auth/sessions';
import { companyVisible } from '../../entities/scope';
import { AppError } from '../../errors';
import { MapFileError, parseMapYaml, parsePgm } from './pgm';
import { mapDir, mapFile, mapKey, processMap, renderKey } from './map-store';
import type { TileManifest } from './tiles';
import type { Services } from '../../services';
import { SignedLinks } from '../../http/signed-links';
import { storeUpload } from '../../uploads/store-upload';

/** The files an upload takes, each with its limit and accepted content (spec §3: pgm, yaml, pcd, zip, calibration). */
const FILE_KINDS = {
  pgm: { maxBytes: MapGuards.maxPgmBytes, types: ['pgm'] },
  yaml: { maxBytes: MapGuards.maxYamlBytes, types: ['text'] },
  pcd: { maxBytes: Files.uploadMaxBytes, types: 'any' },
  zip: { maxBytes: Files.uploadMaxBytes, types: ['zip'] },
  calibration: { maxBytes: MapGuards.maxYamlBytes, types: ['text'] },
} as const satisfies Record<string, UploadKind>;
/** The optional ones, stored beside the map as map.<kind>. */
const EXTRA_FILES = ['pcd', 'zip', 'calibration'] as const;

/**
 * Map files over HTTP (spec §7 map CRUD, §5 "pgm and yaml files required"):
 * - `POST /robot/map/upload` multipart: files `pgm` and `yaml` (both required), field `data`
 *   (JSON: mapName, buildingId, floor, mapType, layer 6-10, useCalibration, companyId: optional, of the caller's tree, the building's company); optional files `pcd`, `zip`, `calibration`
 *   (required when useCalibration). Streams each file with
 *   its size limit and content type checked, parses both before anything is stored, then
 *   answers `{code: 0, data: {mapId}}` and processes in the background (progress on `maps/<companyId>`).
 * - `GET /robot/map/download/{mapId}?file=pgm|yaml|png|pcd|zip|calibration`, `GET /robot/map/image/{mapId}[?kind=colour]`,
 *   `GET /robot/map/tile/{mapId}/{z}/{x}/{y}`: the token comes in the `token` header only (never
 *   in a URL: security point 7). A browser download (`<a href>`) uses the signed, short-lived link
 *   of `GET /robot/map/downloadLink/{mapId}?file=…` instead (http/signed-links.ts).
 */
export function registerMapRoutes(app: FastifyInstance, svc: Services, langOf: (req: FastifyRequest) => Lang): void {
  const session = async (req: FastifyRequest) => svc.sessions.resolve(req.headers.token as string | undefined);
  const links = new SignedLinks(svc.db);
  const fail = (lang: Lang, code: number, key: MessageKey, vars?: Record<string, string | number>): RestAnswer => ({ code, message: formatMessage(key, lang, vars) });

  app.post('/robot/map/upload', async (req): Promise<RestAnswer> => {
    const lang = langOf(req);
    const s = await session(req);
    if (!s) return fail(lang, RestCode.tokenInvalid, 'tokenInvalid');
    if (!subjectCan(s, 'map:create')) return fail(lang, StatusCode.noPermission, 'noPermission');
    if (!req.isMultipart()) return fail(lang, StatusCode.badRequest, 'mapFilesRequired');
    const root = path.join(svc.config.dataDir, 'maps', '.incoming');
    const stored: Record<string, { path: string; name: string }> = {};
    let data: Record<string, unknown> = {};
    const cleanup = () => Object.values(stored).forEach((f) => fs.rmSync(f.path, { force: true }));
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'data') data = parseData(String(part.value));
          continue;
        }
        const field = (FILE_KINDS as Record<string, UploadKind>)[part.fieldname] ? (part.fieldname as keyof typeof FILE_KINDS) : null;
        if (!field || stored[field]) {
          part.file.resume();
          continue;
        }
        const kind = FILE_KINDS[field];
        const file = await storeUpload(part.file, kind, root, '/');
        stored[field] = { path: file.path, name: part.filename.slice(0, 128) };
      }
      if (!stored.pgm || !stored.yaml) throw new AppError(StatusCode.badRequest, 'mapFilesRequired');
      // Spec §5: the calibration file is required when calibration is used.
      if (data.useCalibration === true && !stored.calibration) throw new AppError(StatusCode.badRequest, 'mapCalibrationRequired');
      const meta = await checkData(s, data);
      // Both files are parsed in full before anything is written: a malformed one is refused here.
      const yaml = parseMapYaml(fs.readFileSync(stored.yaml.path, 'utf8'));
      parsePgm(fs.readFileSync(stored.pgm.path), yaml);
      // The files move into maps/<id> inside the transaction; if it then fails, that folder goes too.
      let movedTo: string | null = null;
      const mapId = await svc.db.transaction(async (tx) => {
        const dup = await tx.query('SELECT 1 FROM maps WHERE "companyId" = $1 AND lower("mapName") = lower($2)', [meta.companyId, meta.mapName]);
        if (dup.length) throw new AppError(StatusCode.conflict, 'mapNameExists', { name: meta.mapName });
        const row = await tx.query<{ id: number }>(
          `INSERT INTO maps ("companyId", "regionName", "buildingName", "buildingId", "floor", "mapName", "mapType", "layer", "processState", "processProgress", "pgmName", "yamlName")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $11) RETURNING id`,
          [meta.companyId, meta.regionName, meta.buildingName, meta.buildingId, meta.floor, meta.mapName, meta.mapType, meta.layer, MapProcessState.slicing, stored.pgm!.name, stored.yaml!.name],
        );
        const id = row[0]!.id;
        const dir = mapDir(svc, id);
        fs.mkdirSync(dir, { recursive: true });
        movedTo = dir;
        // The record holds keys relative to the data folder (maps/<id>/map.pgm), never this replica's path.
        const keys = { pgm: `${mapKey(id)}/map.pgm`, yaml: `${mapKey(id)}/map.yaml` };
        fs.renameSync(stored.pgm!.path, svc.blobs.pathOf(keys.pgm));
        fs.renameSync(stored.yaml!.path, svc.blobs.pathOf(keys.yaml));
        const extra: Record<string, string> = {};
        for (const k of EXTRA_FILES) {
          const f = stored[k];
          if (!f) continue;
          fs.renameSync(f.path, path.join(dir, `map.${k}`));
          extra[k] = f.name;
        }
        await tx.query('UPDATE maps SET "pgmPath" = $2, "yamlPath" = $3, "extraFiles" = $4 WHERE id = $1', [id, keys.pgm, keys.yaml, JSON.stringify(extra)]);
        return id;
      }).catch((err: unknown) => {
        if (movedTo) fs.rmSync(movedTo, { recursive: true, force: true });
        throw err;
      });
      // Shared once committed (not inside the transaction: the store writes on connections of its own),
      // before processing starts or the answer says the map exists. Not shared: the map goes again.
      try {
        await svc.blobs.savedTree(mapKey(mapId));
      } catch (err) {
        await svc.db.query('DELETE FROM maps WHERE id = $1', [mapId]).catch(() => undefined);
        await svc.blobs.remove(mapKey(mapId)).catch(() => undefined);
        throw err;
      }
      void processMap(svc, mapId);
      return { code: RestCode.ok, message: formatMessage('ok', lang), data: { mapId, processState: MapProcessState.slicing } };
    } catch (err) {
      cleanup();
      if (err instanceof MapFileError) return fail(lang, StatusCode.badRequest, err.key, err.vars);
      if (err instanceof AppError) return { code: err.statusCode, message: err.messageKey === 'validationFailed' ? formatMessage('validationFailed', lang, { detail: err.text ?? '' }) : formatMessage(err.messageKey, lang, err.vars) };
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') return fail(lang, StatusCode.badRequest, 'fileTooLarge', { limit: formatBytes(MapGuards.maxPgmBytes) });
      req.log.error(err);
      return fail(lang, StatusCode.serverError, 'mapDbFailed');
    }
  });

  /** Checks the upload's data field: names, building of the caller's company tree, floor, type, layer. */
  async function checkData(s: Session, d: Record<string, unknown>) {
    const str = (k: string) => (typeof d[k] === 'string' ? (d[k] as string).trim() : '');
    const int = (k: string) => (typeof d[k] === 'number' && Number.isInteger(d[k]) ? (d[k] as number) : Number.parseInt(String(d[k] ?? ''), 10));
    const mapName = str('mapName');
    if (!mapName || mapName.length > 32) throw new AppError(StatusCode.badRequest, 'required', { field: 'mapName' });
    const mapType = int('mapType') || 1;
    if (!(MAP_TYPES as number[]).includes(mapType)) throw new AppError(StatusCode.badRequest, 'outOfRange', { field: 'mapType' });
    const layer = int('layer') || MapLimits.minLayer;
    if (layer < MapLimits.minLayer || layer > Math.min(MapLimits.maxLayer, svc.config.mapMaxLayer)) throw new AppError(StatusCode.badRequest, 'outOfRange', { field: 'layer' });
    // Issue 22: a super admin names the company the map is for (one of its tree); the building must be of it.
    const companyId = d.companyId === undefined || d.companyId === null ? undefined : int('companyId');
    if (companyId !== undefined && (!Number.isInteger(companyId) || !(await companyVisible(svc.db, s, companyId)))) throw new AppError(StatusCode.noPermission, 'noPermission');
    const buildingId = int('buildingId');
    const b = Number.isInteger(buildingId)
      ? (await svc.db.query<{ id: number; companyId: number; name: string; regionName: string; floors: number }>('SELECT id, "companyId", "name", "regionName", "floors" FROM buildings WHERE id = $1', [buildingId]))[0]
      : undefined;
    if (!b || !(await companyVisible(svc.db, s, b.companyId)) || (companyId !== undefined && b.companyId !== companyId)) throw new AppError(StatusCode.badRequest, 'buildingNotFound');
    const floor = int('floor') || 1;
    if (floor < 1 || floor > b.floors) throw new AppError(StatusCode.badRequest, 'mapFloorRange', { limit: b.floors });
    return { mapName, mapType, layer, buildingId: b.id, buildingName: b.name, regionName: b.regionName, companyId: b.companyId, floor };
  }

  /** A map's row with its files, or undefined. */
  const mapFiles = async (id: number) =>
    (await svc.db.query<{ id: number; companyId: number; mapName: string; pgmPath: string | null; yamlPath: string | null }>('SELECT id, "companyId", "mapName", "pgmPath", "yamlPath" FROM maps WHERE id = $1', [id]))[0];

  /** A map the session may read, with its files, or null. */
  async function readable(req: FastifyRequest) {
    const s = await session(req);
    if (!s || !subjectCan(s, 'map:read')) return null;
    const id = Number((req.params as { mapId: string }).mapId);
    if (!Number.isInteger(id)) return null;
    const row = await mapFiles(id);
    if (!row || !(await companyVisible(svc.db, s, row.companyId))) return null;
    return row;
  }

  const notFound = (req: FastifyRequest, reply: FastifyReply) => reply.code(404).send({ code: StatusCode.notFound, message: formatMessage('mapLocalFileNotFound', langOf(req)) });

  /** The file a download asks for (`file`, default pgm), or null for an unknown one. */
  const fileOf = (req: FastifyRequest): string | null => {
    const which = String((req.query as { file?: string }).file ?? 'pgm');
    return ['pgm', 'yaml', 'png', ...EXTRA_FILES].includes(which) ? which : null;
  };

  // A signed link to one file of a map, for the browser's own download (no header there).
  app.get('/robot/map/downloadLink/:mapId', async (req, reply) => {
    const lang = langOf(req);
    const s = await session(req);
    if (!s) return fail(lang, RestCode.tokenInvalid, 'tokenInvalid');
    const map = await readable(req);
    const file = fileOf(req);
    if (!map || !file) return notFound(req, reply);
    const link = await links.sign(`/robot/map/download/${map.id}?file=${file}`);
    return { code: RestCode.ok, message: formatMessage('ok', lang), data: link };
  });

  app.get('/robot/map/download/:mapId', async (req, reply) => {
    const id = Number((req.params as { mapId: string }).mapId);
    // A browser's download (downloadLink) and a robot syncing the map (mapDown) hold a signed link:
    // made for this path and file, not yet expired, checked with the cluster's key on any replica.
    const signed = await links.check(req.url);
    if (signed === 'expired' || signed === 'invalid') return reply.code(403).send({ code: 403, message: formatMessage(signed === 'expired' ? 'linkExpired' : 'linkInvalid', langOf(req)) });
    const map = signed === 'valid'
      ? await mapFiles(id)
      : await readable(req);
    if (!map) return notFound(req, reply);
    const which = String((req.query as { file?: string }).file ?? 'pgm');
    const extra = (EXTRA_FILES as readonly string[]).includes(which);
    const key = which === 'yaml' ? map.yamlPath : which === 'png' ? `${renderKey(map.id)}/map.png` : extra ? `${mapKey(map.id)}/map.${which}` : map.pgmPath;
    // Fetched from the store first when the map was uploaded or processed on another replica.
    const file = await mapFile(svc, key);
    if (!file) return notFound(req, reply);
    const ext = which === 'yaml' || which === 'png' || extra ? which : 'pgm';
    const name = `${map.mapName}.${ext}`;
    reply.header('content-disposition', `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    reply.type(ext === 'png' ? 'image/png' : ext === 'yaml' ? 'text/yaml; charset=utf-8' : ext === 'pgm' ? 'image/x-portable-graymap' : 'application/octet-stream');
    return reply.send(fs.createReadStream(file));
  });

  app.get('/robot/map/image/:mapId', async (req, reply) => {
    const map = await readable(req);
    if (!map) return notFound(req, reply);
    const file = await mapFile(svc, `${renderKey(map.id)}/${(req.query as { kind?: string }).kind === 'colour' ? 'map-colour.png' : 'map.png'}`);
    if (!file) return notFound(req, reply);
    reply.type('image/png').header('cache-control', 'private, max-age=3600');
    return reply.send(fs.createReadStream(file));
  });

  // Tiles: the level index names the picture; identical tiles share one file.
  const manifests = new Map<string, { manifest: TileManifest; levels: Map<number, Uint32Array> }>();
  app.get('/robot/map/tile/:mapId/:z/:x/:y', async (req, reply) => {
    const map = await readable(req);
    if (!map) return notFound(req, reply);
    // Each file is fetched from the store when missing here (processed on another replica): only those a request needs.
    const dir = renderKey(map.id);
    const p = req.params as { z: string; x: string; y: string };
    const [z, x, y] = [Number(p.z), Number(p.x), Number(String(p.y).replace(/\.png$/, ''))];
    let entry = manifests.get(dir);
    if (!entry) {
      const file = await mapFile(svc, `${dir}/tiles.json`);
      if (!file) return notFound(req, reply);
      entry = { manifest: JSON.parse(fs.readFileSync(file, 'utf8')) as TileManifest, levels: new Map() };
      if (manifests.size > 20) manifests.clear();
      manifests.set(dir, entry);
    }
    const level = entry.manifest.levels[z];
    if (!level || !Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= level.cols || y >= level.rows) return notFound(req, reply);
    let index = entry.levels.get(z);
    if (!index) {
      const file = await mapFile(svc, `${dir}/levels/${z}.bin`);
      if (!file) return notFound(req, reply);
      const buf = fs.readFileSync(file);
      index = new Uint32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length)); // a copy: pooled buffers may be unaligned
      entry.levels.set(z, index);
    }
    const tile = await mapFile(svc, `${dir}/tiles/${index[y * level.cols + x]}.png`);
    if (!tile) return notFound(req, reply);
    reply.type('image/png').header('cache-control', 'private, max-age=3600');
    return reply.send(fs.createReadStream(tile));
  });
}

function parseData(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
