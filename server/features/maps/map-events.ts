import crypto from 'node:crypto';
import fs from 'node:fs';
import { MapSyncState, mapsTopic } from '../../../common/map';
import type { MapRecord } from '../../../common/events/maps';
import { formatMessage, type MessageKey } from '../../../common/messages';
import { StatusCode } from '../../../common/protocol';
import { REFUSALS } from '../../../common/robot-actions';
import { bumpTable } from '../../entities/crud';
import { companyVisible, visibleCompanyIds } from '../../entities/scope';
import { AppError } from '../../errors';
import { mapFile, mapKey } from './map-store';
import { SignedLinks } from '../../http/signed-links';
import { mapEvents } from '../../../common/events/maps';
import type { ParamOf } from '../../../common/events';
import type { Services } from '../../services';
import type { AuthedContext, EventRegistry } from '../../events/registry';

/**
 * Map management and map element events (spec §7 Map/route CRUD, getMapById, queryMap,
 * deleteMap, mapDown, mapBind; buildings). Every event checks a map:* permission and the
 * caller's company tree. Uploads are REST (server/http/map-routes.ts).
 */

export type MapRow = Omit<MapRecord, 'syncs' | 'mapId'> & { id: number; pgmPath: string | null; yamlPath: string | null };

const MAP_COLUMNS = `m.id, m."companyId", c."name" AS "companyName", m."regionName", m."buildingName", m."buildingId", m."floor", m."mapName", m."mapType", m."layer",
  m."processState", m."processProgress", m."processError", m."config", m."pgmName", m."yamlName", m."extraFiles", m."pgmPath", m."yamlPath", m."createdAt", m."updatedAt"`;

/** How long a robot's map download links hold (the robot downloads at once; a slow link has time). */
const ROBOT_LINK_TTL_MS = 10 * 60_000;

/** A map in the caller's company tree, or "map not found". */
export async function loadMapIn(svc: Services, ctx: AuthedContext, mapId: number): Promise<MapRow> {
  const rows = await svc.db.query<MapRow>(`SELECT ${MAP_COLUMNS} FROM maps m JOIN companies c ON c.id = m."companyId" WHERE m.id = $1`, [mapId]);
  const row = rows[0];
  if (!row || !(await companyVisible(svc.db, ctx.session, row.companyId))) throw new AppError(StatusCode.notFound, 'mapNotFound');
  return row;
}

/** Registers the map events (buildings: building-events.ts; the editor's document: map-element-events.ts). */
export function registerMapEvents(reg: EventRegistry, svc: Services): void {
  const robotLinks = new SignedLinks(svc.db, ROBOT_LINK_TTL_MS);

  const loadMap = (ctx: AuthedContext, mapId: number) => loadMapIn(svc, ctx, mapId);

  /** Map rows with the sync state of each robot of the map's company, messages in the caller's language. */
  async function withSyncs(ctx: AuthedContext, rows: MapRow[]): Promise<MapRecord[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const companies = [...new Set(rows.map((r) => r.companyId))];
    const robots = await svc.db.query<{ robotId: string; robotName: string; companyId: number }>('SELECT "robotId", "robotName", "companyId" FROM robots WHERE "companyId" = ANY($1) ORDER BY "robotId"', [companies]);
    const syncs = await svc.db.query<{ mapId: number; robotId: string; status: number; message: string | null }>('SELECT "mapId", "robotId", "status", "message" FROM map_syncs WHERE "mapId" = ANY($1)', [ids]);
    return rows.map(({ id, pgmPath: _p, yamlPath: _y, ...r }) => ({
      ...r,
      mapId: id,
      syncs: robots
        .filter((rb) => rb.companyId === r.companyId)
        .map((rb) => {
          const s = syncs.find((x) => x.mapId === id && x.robotId === rb.robotId);
          return {
            robotId: rb.robotId,
            robotName: rb.robotName,
            status: (s?.status ?? MapSyncState.notConfigured) as MapRecord['syncs'][number]['status'],
            message: s?.message ? formatMessage(s.message as MessageKey, ctx.lang) : null,
          };
        }),
    }));
  }

  const queryMaps = async (c: AuthedContext, p: ParamOf<'queryMap'>) => {
    const visible = await visibleCompanyIds(svc.db, c.session);
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (visible !== null) add('m."companyId" = ANY(?)', visible);
    if (p.companyId !== undefined) add('m."companyId" = ?', p.companyId);
    if (p.buildingId !== undefined) add('m."buildingId" = ?', p.buildingId);
    if (p.mapType !== undefined) add('m."mapType" = ?', p.mapType);
    if (p.mapName) add(`m."mapName" ILIKE ?`, `%${p.mapName.replace(/[\\%_]/g, (x) => `\\${x}`)}%`);
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const pageSize = p.pageSize ?? 10;
    const pageNum = p.pageNum ?? 1;
    const total = Number((await svc.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM maps m ${whereSql}`, params))[0]!.n);
    const rows = await svc.db.query<MapRow>(
      `SELECT ${MAP_COLUMNS} FROM maps m JOIN companies c ON c.id = m."companyId" ${whereSql} ORDER BY m.id DESC LIMIT ${pageSize} OFFSET ${(pageNum - 1) * pageSize}`,
      params,
    );
    return { total, pageNum, pageSize, list: await withSyncs(c, rows) };
  };

  reg.handle(mapEvents.queryMap, queryMaps);
  reg.handle(mapEvents['GET /robot/map/list'], queryMaps);

    // Spec §7: the answer is a list whose first entry is the map.
  reg.handle(mapEvents.getMapById, async (ctx, p) => withSyncs(ctx, [await loadMap(ctx, p.mapId)]));

  async function checkBuilding(ctx: AuthedContext, buildingId: number, companyId: number, floor: number) {
    const b = (await svc.db.query<{ id: number; name: string; regionName: string; floors: number; companyId: number }>('SELECT * FROM buildings WHERE id = $1', [buildingId]))[0];
    if (!b || b.companyId !== companyId || !(await companyVisible(svc.db, ctx.session, b.companyId))) throw new AppError(StatusCode.badRequest, 'buildingNotFound');
    if (floor < 1 || floor > b.floors) throw new AppError(StatusCode.badRequest, 'mapFloorRange', { limit: b.floors });
    return b;
  }

  async function checkMapName(companyId: number, name: string, exceptId?: number) {
    const rows = await svc.db.query('SELECT 1 FROM maps WHERE "companyId" = $1 AND lower("mapName") = lower($2) AND id <> $3', [companyId, name, exceptId ?? 0]);
    if (rows.length) throw new AppError(StatusCode.conflict, 'mapNameExists', { name });
  }

  reg.handle(mapEvents.modifyMap, async (c, p) => {
    const map = await loadMap(c, p.mapId);
    c.before = { mapName: map.mapName, buildingId: map.buildingId, floor: map.floor, mapType: map.mapType };
    if (p.mapName !== undefined) await checkMapName(map.companyId, p.mapName, map.id);
    const buildingId = p.buildingId ?? map.buildingId;
    const floor = p.floor ?? map.floor;
    let building: { name: string; regionName: string } = { name: map.buildingName, regionName: map.regionName };
    if (buildingId) building = await checkBuilding(c, buildingId, map.companyId, floor);
    await svc.db.query(
      'UPDATE maps SET "mapName" = $2, "buildingId" = $3, "buildingName" = $4, "regionName" = $5, "floor" = $6, "mapType" = $7, "updatedAt" = now() WHERE id = $1',
      [map.id, p.mapName ?? map.mapName, buildingId, building.name, building.regionName, floor, p.mapType ?? map.mapType],
    );
    return (await withSyncs(c, [await loadMap(c, map.id)]))[0]!;
  });

  reg.handle(mapEvents.deleteMap, async (c, p) => {
    const map = await loadMap(c, p.mapId);
    c.before = { mapName: map.mapName, buildingName: map.buildingName, floor: map.floor };
    await svc.db.transaction(async (tx) => {
      await tx.query('UPDATE robots SET "mapId" = NULL WHERE "mapId" = $1', [map.id]);
      await tx.query('DELETE FROM maps WHERE id = $1', [map.id]);
    });
    bumpTable('robots');
    // The map's folder, here and in the store (every replica), and its files kept outside it (the demo maps' maps/<name>.pgm).
    // The map is gone already: files that cannot be removed are reported, not the deletion.
    for (const key of [mapKey(map.id), map.pgmPath, map.yamlPath]) {
      if (key && (key === mapKey(map.id) || !key.startsWith(`${mapKey(map.id)}/`))) await svc.blobs.remove(key).catch((err: unknown) => console.warn(`map ${map.id} files ${key}: ${(err as Error).message}`));
    }
    await svc.robotsChanged();
    return { mapId: map.id };
  });

  // Sync (spec §4): syncing at once, then success or failure with the spec §8 message, pushed on the company's maps topic.
  reg.handle(mapEvents.mapDown, async (c, p) => {
    const map = await loadMap(c, p.mapId);
    if (map.processState !== 'done' || !('pixelW' in map.config)) throw new AppError(StatusCode.badRequest, 'mapNotReady');
    if (p.robotIds.length === 0) throw new AppError(StatusCode.badRequest, 'mapNoRobots');
    const robots = await svc.db.query<{ robotId: string }>('SELECT "robotId" FROM robots WHERE "companyId" = $1 AND "robotId" = ANY($2)', [map.companyId, p.robotIds]);
    if (robots.length !== new Set(p.robotIds).size) throw new AppError(StatusCode.notFound, 'robotNotFound');
    const set = async (robotId: string, status: number, message: MessageKey | null) => {
      await svc.db.query(
        `INSERT INTO map_syncs ("mapId", "robotId", "status", "message") VALUES ($1, $2, $3, $4)
         ON CONFLICT ("mapId", "robotId") DO UPDATE SET "status" = $3, "message" = $4, "updatedAt" = now()`,
        [map.id, robotId, status, message],
      );
      svc.hub.publish(mapsTopic(map.companyId), 'mapSync', { mapId: map.id, robotId, status, message: message ? formatMessage(message, c.lang) : null });
    };
    for (const r of robots) await set(r.robotId, MapSyncState.syncing, null);
    const files = (await svc.db.query<{ pgmPath: string | null; yamlPath: string | null }>('SELECT "pgmPath", "yamlPath" FROM maps WHERE id = $1', [map.id]))[0];
    // The files' keys, fetched into this replica's data folder first when another one wrote them.
    const digest = async (key: string | null | undefined) => {
      const file = await mapFile(svc, key);
      return file ? crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex') : null;
    };
    const digests = { pgm: await digest(files?.pgmPath), yaml: await digest(files?.yamlPath) };
    const sync = async (robotId: string) => {
      const live = svc.fleet.get(robotId);
      if (!live || live.online !== 1 || !svc.gateway) return set(robotId, MapSyncState.failure, 'robotOffline');
      // The robot downloads the files with signed links (robots hold no session) and checks their digests;
      // the key is the cluster's, so the download may reach any replica.
      const pgmLink = (await robotLinks.sign(`/robot/map/download/${map.id}?file=pgm`)).url;
      const yamlLink = (await robotLinks.sign(`/robot/map/download/${map.id}?file=yaml`)).url;
      const reply = await svc.gateway.request(
        robotId,
        'mapDown',
        {
          mapId: map.id,
          mapName: map.mapName,
          config: map.config,
          files: { pgm: pgmLink, yaml: yamlLink },
          sha256: digests,
        },
        10_000,
      );
      if (!reply) return set(robotId, MapSyncState.failure, 'mapSyncTimeout');
      if (reply.result === 'refused') return set(robotId, MapSyncState.failure, reply.reason ? REFUSALS[reply.reason] : 'mapDownloadError');
      // mapBind: the robot now works on this map.
      await svc.db.query('UPDATE robots SET "mapId" = $1, "updatedAt" = now() WHERE "robotId" = $2', [map.id, robotId]);
      bumpTable('robots');
      return set(robotId, MapSyncState.success, null);
    };
    void Promise.all(robots.map((r) => sync(r.robotId).catch(() => set(r.robotId, MapSyncState.failure, 'mapBindFailed'))))
      .then(() => svc.robotsChanged())
      .catch(() => undefined);
    return { mapId: map.id, robotIds: robots.map((r) => r.robotId), status: MapSyncState.syncing };
  });

}
