/** The map editor's document (spec §5): map elements read and replaced whole after the editor's rules, forbidden zones, copying pathways between maps. */
import { MapElementKind } from '../../../common/map';
import { checkElements, type MapElement } from '../../../common/map-elements';
import { mapEvents } from '../../../common/events/maps';
import { checkPois } from '../../../common/poi';
import { StatusCode } from '../../../common/protocol';
import { AppError } from '../../errors';
import { bumpTable } from '../../entities/crud';
import type { AuthedContext, EventRegistry } from '../../events/registry';
import type { Services } from '../../services';
import { loadMapIn } from './map-events';

export function registerMapElementEvents(reg: EventRegistry, svc: Services): void {
  const loadMap = (ctx: AuthedContext, mapId: number) => loadMapIn(svc, ctx, mapId);

  // Map elements (the map editor's document): read all, or replace all in one transaction after the spec §5 rules.
  type ElementRow = { id: number; kind: number; subKind: number | null; name: string; points: [number, number][]; props: Record<string, unknown> };
  const readElements = async (mapId: number, kind?: number): Promise<MapElement[]> =>
    (
      await svc.db.query<ElementRow>(
        `SELECT id, "kind", "subKind", "name", "points", "props" FROM map_elements WHERE "mapId" = $1 ${kind ? 'AND "kind" = $2' : ''} ORDER BY id`,
        kind ? [mapId, kind] : [mapId],
      )
    ).map((r) => ({ id: String(r.id), kind: r.kind, ...(r.subKind !== null ? { subKind: r.subKind } : {}), name: r.name, points: r.points, props: r.props }));

  reg.handle(mapEvents.getMapElements, async (ctx, p) => {
    const map = await loadMap(ctx, p.mapId);
    return { mapId: map.id, elements: await readElements(map.id) };
  });

  reg.handle(mapEvents.forbiddenZoneQuery, async (ctx, p) => {
    const map = await loadMap(ctx, p.mapId);
    return (await readElements(map.id, MapElementKind.specialArea)).filter((e) => e.subKind === 1);
  });

  const writeElements = async (mapId: number, elements: MapElement[]) => {
    await svc.db.transaction(async (tx) => {
      await tx.query('DELETE FROM map_elements WHERE "mapId" = $1', [mapId]);
      for (const e of elements) {
        await tx.query('INSERT INTO map_elements ("mapId", "kind", "subKind", "name", "points", "props") VALUES ($1, $2, $3, $4, $5, $6)', [
          mapId,
          e.kind,
          e.subKind ?? null,
          e.name ?? '',
          JSON.stringify(e.points),
          JSON.stringify(e.props ?? {}),
        ]);
      }
    });
    bumpTable('map_elements');
  };

  reg.handle(mapEvents.saveMapElements, async (c, p) => {
    const map = await loadMap(c, p.mapId);
    const elements: MapElement[] = p.elements.map((e, i) => ({ id: String(e.id ?? `n${i}`), kind: e.kind, subKind: e.subKind, name: e.name ?? '', points: e.points, props: e.props ?? {} }));
    const before = await readElements(map.id);
    const comparable = (list: MapElement[]) => JSON.stringify(list.map(({ kind, subKind, name, points, props }) => ({ kind, subKind: subKind ?? null, name, points, props })));
    // Spec §5: an unchanged drawing cannot be submitted.
    if (comparable(before) === comparable(elements)) throw new AppError(StatusCode.badRequest, 'mapUnchanged');
    // The editor's own rules, run again here (common/map-elements, common/poi): geometry, then points of interest.
    const err = checkElements(elements) ?? checkPois(elements);
    if (err) throw new AppError(StatusCode.badRequest, err.key, err.vars);
    const pixelW = 'pixelW' in map.config ? map.config.pixelW : Infinity;
    const pixelH = 'pixelH' in map.config ? map.config.pixelH : Infinity;
    const outside = elements.find((e) => e.points.some(([x, y]) => x < 0 || y < 0 || x > pixelW || y > pixelH));
    if (outside) throw new AppError(StatusCode.badRequest, 'mapElementInvalid', { name: outside.name || outside.id, detail: 'a point lies outside the map' });
    c.before = { count: before.length };
    await writeElements(map.id, elements);
    return { mapId: map.id, elements: await readElements(map.id) };
  });

  // Copy pathways (spec §5): routes of one map onto another of the same company tree; source ≠ target.
  reg.handle(mapEvents.copyPathways, async (c, p) => {
    if (p.sourceMapId === p.targetMapId) throw new AppError(StatusCode.badRequest, 'mapCopySameSource');
    const source = await loadMap(c, p.sourceMapId);
    const target = await loadMap(c, p.targetMapId);
    const routes = (await readElements(source.id)).filter((e) => e.kind === MapElementKind.path);
    const current = await readElements(target.id);
    const next = [...current.filter((e) => e.kind !== MapElementKind.path), ...routes];
    await writeElements(target.id, next);
    return { mapId: target.id, copied: routes.length };
  });
}
