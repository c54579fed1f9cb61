/** Loads the edited map: its record, elements, robots and picture, and its company's media entries. */
import { startTransition, useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { callEvent, callNamedEvent, getToken, selectMap } from '@runtime';
import type { MapConfig, MapRecord } from '@common/events/maps';
import type { MediaChoice } from './poi-panel';
import type { RobotInfo } from './robots-panel';
import { startHistory, type History } from './model/history';
import { newEditorState, type EditorDoc } from './model/types';

/** The map document of the editor page and what loads it. */
export interface MapDocument {
  map: MapRecord | null;
  /** The message of a failed map data request. */
  error: string | null;
  /** The elements as last read or saved (what "unsaved changes" compares with). */
  saved: EditorDoc;
  setSaved: Dispatch<SetStateAction<EditorDoc>>;
  /** The editing history; its present is the edited state. */
  history: History;
  setHistory: Dispatch<SetStateAction<History>>;
  /** The decoded picture of the map, once it can be drawn. */
  image: HTMLImageElement | null;
  robots: RobotInfo[];
  /** The company's media entries (the choices of a point's media action). */
  media: MediaChoice[] | null | 'failed';
  config: Partial<MapConfig>;
  mapSize: { w: number; h: number };
  /** Reads the map again (the retry of a failed request). */
  load: () => Promise<void>;
}

/** The map `mapId`: read on mount and whenever `mapId` changes. */
export function useMapDocument(mapId: number): MapDocument {
  const [map, setMap] = useState<MapRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<EditorDoc>({ elements: [] });
  const [history, setHistory] = useState<History>(() => startHistory(newEditorState({ elements: [] })));
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [robots, setRobots] = useState<RobotInfo[]>([]);
  const config = (map?.config ?? {}) as Partial<MapConfig>;
  const mapSize = { w: config.pixelW ?? 0, h: config.pixelH ?? 0 };

  // The map's picture: asked for as soon as the map's record answers (not after its elements are
  // drawn) and decoded off the main thread before the canvas draws it; `src` is the picture's address.
  // Fetched with the token header and shown from an object URL: the token never goes in a URL.
  const picture = useRef<{ src: string; img: HTMLImageElement } | null>(null);
  const loadPicture = useCallback((pngurl: string | undefined) => {
    if (!pngurl) return;
    const src = pngurl;
    if (picture.current?.src === src) return;
    const img = new window.Image();
    const mine = { src, img };
    picture.current = mine;
    // A picture that cannot be loaded or decoded is not shown (the canvas stays without it, as before).
    fetch(src, { headers: { token: getToken() ?? '' } })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then(async (blob) => {
        if (picture.current !== mine) return;
        const objectUrl = URL.createObjectURL(blob);
        img.src = objectUrl;
        // Once decoded the picture keeps its pixels: the object URL is not needed any more.
        await img.decode().finally(() => URL.revokeObjectURL(objectUrl));
      })
      .catch(() => undefined)
      .then(() => picture.current === mine && img.complete && img.naturalWidth > 0 && startTransition(() => setImage(img)));
  }, []);

  const load = useCallback(async () => {
    if (!Number.isInteger(mapId) || mapId <= 0) return;
    try {
      // The three reads go out together; the picture starts loading as soon as the map answers.
      const robotsAnswer = callEvent('getRobotsByMapId', { mapId }).catch(() => [] as RobotInfo[]);
      const mapAnswer = callEvent('getMapById', { mapId });
      mapAnswer.then(([m]) => loadPicture((m?.config as Partial<MapConfig> | undefined)?.pngurl)).catch(() => undefined);
      const [[m], { elements }] = await Promise.all([mapAnswer, callEvent('getMapElements', { mapId })]);
      // The editor's first render (toolbar, canvas, side panels: ~150 ms of main thread) as a
      // transition: React renders it in slices and the page stays responsive (issue 23).
      startTransition(() => {
        setMap(m ?? null);
        setSaved({ elements });
        setHistory((h) => startHistory({ ...newEditorState({ elements }), view: h.present.view }));
        setError(null);
      });
      const robotList = await robotsAnswer;
      startTransition(() => setRobots(robotList));
    } catch (err) {
      // Spec §8: a failed map data request clears the map config: the drawn map and the remembered map selection.
      setMap(null);
      setImage(null);
      picture.current = null;
      selectMap({ mapId: null, buildingName: undefined, floor: undefined });
      setError((err as Error).message);
    }
  }, [mapId]);
  useEffect(() => void load(), [load]);

  // Between the map's read and its picture's effect, as it always was: the media entries' read goes out first.
  const media = useMediaChoices(map?.companyId);

  useEffect(() => loadPicture(config.pngurl), [config.pngurl, loadPicture]);

  return { map, error, saved, setSaved, history, setHistory, image, robots, media, config, mapSize, load };
}

/** The company's media entries: the choices of a point's media action (spec §3 "media file"). */
function useMediaChoices(companyId: number | undefined): MediaChoice[] | null | 'failed' {
  const [media, setMedia] = useState<MediaChoice[] | null | 'failed'>(null);
  useEffect(() => {
    if (companyId === undefined) return;
    const abort = new AbortController();
    (callNamedEvent('queryMediaEntry', { pageNum: 1, pageSize: 100, companyId }, { signal: abort.signal }) as Promise<{ list: MediaChoice[] }>)
      .then((a) => setMedia(a?.list ?? []))
      .catch(() => !abort.signal.aborted && setMedia('failed'));
    return () => abort.abort();
  }, [companyId]);
  return media;
}
