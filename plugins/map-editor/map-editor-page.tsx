/** `/home/mapEditor?mapId=…`: the map editor of one processed map. */
import './register-locales';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Badge, Button, Card, Flex, Input, InputNumber, Popconfirm, Result, Segmented, Select, Skeleton, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import {
  AimOutlined,
  ArrowLeftOutlined,
  BorderHorizontalOutlined,
  BorderOutlined,
  CopyOutlined,
  EnvironmentOutlined,
  DeleteOutlined,
  ExpandOutlined,
  NodeIndexOutlined,
  RedoOutlined,
  SaveOutlined,
  SelectOutlined,
  StopOutlined,
  ThunderboltOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { callEvent, callNamedEvent, confirmLeave, getToken, navigateTo, selectMap, setLeaveGuard, useCatalogue } from '@runtime';
import { MapElementKind, RouteKind, robotWidthMm, SpecialAreaKind, TRANSPORT_KINDS, type TransportKind } from '@common/map';
import type { MapConfig, MapRecord } from '@common/events/maps';
import type { RuleError } from '@common/map-elements';
import type { MessageKey } from '@common/messages';
import { MAP_EDITOR_TEST_IDS as IDS } from './test-ids';
import { ElementList } from './element-list';
import { CopyPathwaysDialog } from './copy-pathways-dialog';
import { PoiPanel, type MediaChoice } from './poi-panel';
import { RobotsPanel, type RobotInfo, type RobotPos } from './robots-panel';
import { MapCanvas, type CanvasPointer, type RobotMark } from './map-canvas';
import { deleteElements, othersEnabled, select, setChargePileEnabled, updateElement, updatePoi, type Command } from './model/commands';
import { hitElement, hitVertex, kindLabelKey, specialAreaKey, utilOf } from './model/element-utils';
import { canRedo, canUndo, redo, run, startHistory, undo, type History } from './model/history';
import { isDirty, submitProblem, toSavePayload } from './model/submit';
import { drawTool, forbiddenZoneTool, placeTool, rollerShutterTool, routeTool, selectTool, stepTool, type ToolEvent, type ToolState } from './model/tools';
import { newEditorState, type EditorDoc, type MapElement, type ViewState } from './model/types';
import { fitView, mmToPixel, panBy, pixelToMm, screenToMap, zoomStep } from './model/view';

type ToolName = 'select' | 'forbidden' | 'area' | 'route' | 'track' | 'charge' | 'shutter' | 'point';

/** A pan or zoom is drawn anew once the gestures have paused this long (until then the drawn bitmap is moved by CSS). */
const VIEW_SETTLE_MS = 200;
/** Point kinds the point tool places (spec §3: initial position, points of interest, transport points…). */
const POINT_KINDS = [
  MapElementKind.initPosition,
  MapElementKind.interestPoint,
  MapElementKind.transport,
  MapElementKind.correctPosition,
  MapElementKind.linkPoint,
  MapElementKind.waterStation,
  MapElementKind.singlePoint,
  MapElementKind.specialDot,
];

/** The map editor page. */
export default function MapEditorPage() {
  const { t } = useTranslation('map-editor');
  const catalogue = useCatalogue();
  const { message, modal } = App.useApp();
  const [params] = useSearchParams();
  const mapId = Number(params.get('mapId'));
  const [map, setMap] = useState<MapRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<EditorDoc>({ elements: [] });
  const [history, setHistory] = useState<History>(() => startHistory(newEditorState({ elements: [] })));
  const [tool, setTool] = useState<ToolState>(selectTool());
  const [toolName, setToolName] = useState<ToolName>('select');
  const [areaKind, setAreaKind] = useState<number>(SpecialAreaKind.narrowRoad);
  const [notice, setNotice] = useState<string | null>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [robots, setRobots] = useState<RobotInfo[]>([]);
  const [poses, setPoses] = useState<Record<string, RobotPos>>({});
  const [saving, setSaving] = useState(false);
  const [media, setMedia] = useState<MediaChoice[] | null | 'failed'>(null);
  const [initRobot, setInitRobot] = useState<string | undefined>();
  const [sendingInit, setSendingInit] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });
  const panning = useRef<[number, number] | null>(null);
  const fitted = useRef(false);
  const state = history.present;
  const config = (map?.config ?? {}) as Partial<MapConfig>;
  const mapSize = { w: config.pixelW ?? 0, h: config.pixelH ?? 0 };

  // The map's picture: asked for as soon as the map's record answers (not after its elements are
  // drawn) and decoded off the main thread before the canvas draws it; `src` is the picture's address.
  const picture = useRef<{ src: string; img: HTMLImageElement } | null>(null);
  const loadPicture = useCallback((pngurl: string | undefined) => {
    if (!pngurl) return;
    const src = `${pngurl}${pngurl.includes('?') ? '&' : '?'}token=${encodeURIComponent(getToken() ?? '')}`;
    if (picture.current?.src === src) return;
    const img = new window.Image();
    const mine = { src, img };
    picture.current = mine;
    img.src = src;
    // A picture that cannot be loaded or decoded is not shown (the canvas stays without it, as before).
    img
      .decode()
      .catch(() => undefined)
      .then(() => picture.current === mine && img.complete && img.naturalWidth > 0 && setImage(img));
  }, []);

  const load = useCallback(async () => {
    if (!Number.isInteger(mapId) || mapId <= 0) return;
    try {
      // The three reads go out together; the picture starts loading as soon as the map answers.
      const robotsAnswer = callEvent('getRobotsByMapId', { mapId }).catch(() => [] as RobotInfo[]);
      const mapAnswer = callEvent('getMapById', { mapId });
      mapAnswer.then(([m]) => loadPicture((m?.config as Partial<MapConfig> | undefined)?.pngurl)).catch(() => undefined);
      const [[m], { elements }] = await Promise.all([mapAnswer, callEvent('getMapElements', { mapId })]);
      setMap(m ?? null);
      setSaved({ elements });
      setHistory((h) => startHistory({ ...newEditorState({ elements }), view: h.present.view }));
      setRobots(await robotsAnswer);
      setError(null);
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

  // The company's media entries: the choices of a point's media action (spec §3 "media file").
  const companyId = map?.companyId;
  useEffect(() => {
    if (companyId === undefined) return;
    const abort = new AbortController();
    (callNamedEvent('queryMediaEntry', { pageNum: 1, pageSize: 100, companyId }, { signal: abort.signal }) as Promise<{ list: MediaChoice[] }>)
      .then((a) => setMedia(a?.list ?? []))
      .catch(() => !abort.signal.aborted && setMedia('failed'));
    return () => abort.abort();
  }, [companyId]);

  useEffect(() => loadPicture(config.pngurl), [config.pngurl, loadPicture]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize({ w: el.clientWidth, h: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, [map]);
  useEffect(() => {
    if (fitted.current || !mapSize.w || size.w < 50) return;
    fitted.current = true;
    setHistory((h) => ({ ...h, present: { ...h.present, view: fitView(mapSize.w, mapSize.h, size.w, size.h) } }));
  }, [mapSize.w, mapSize.h, size.w, size.h]);

  const show = useCallback((err: RuleError) => {
    const text = catalogue(err.key as MessageKey, err.vars);
    setNotice(text);
    void message.warning(text);
  }, [catalogue, message]);

  const exec = useCallback(
    (commands: Command[]) => {
      setHistory((h) => {
        let next = h;
        for (const c of commands) {
          const r = run(next, c);
          if (r.error) {
            queueMicrotask(() => show(r.error!));
            return next;
          }
          next = r.history;
        }
        if (next !== h && commands.some((c) => c.undoable)) queueMicrotask(() => setNotice(null));
        return next;
      });
    },
    [show],
  );

  const feed = useCallback(
    (e: ToolEvent) => {
      const step = stepTool(tool, e, history.present, 6 / history.present.view.zoom);
      setTool(step.tool);
      if (step.error) show(step.error);
      if (step.commands?.length) exec(step.commands);
    },
    [tool, history.present, exec, show],
  );

  const [pointKind, setPointKind] = useState<number>(MapElementKind.initPosition);
  const [copyOpen, setCopyOpen] = useState(false);
  const TOOLS: Record<ToolName, (kind: number) => ToolState> = {
    select: () => selectTool(),
    forbidden: () => forbiddenZoneTool(),
    area: (kind) => drawTool(MapElementKind.specialArea, kind),
    route: () => routeTool(),
    track: () => drawTool(MapElementKind.orbit),
    charge: () => placeTool(MapElementKind.chargePosition),
    shutter: () => rollerShutterTool(),
    point: (kind) => placeTool(kind),
  };
  const chooseTool = (name: ToolName, kind?: number) => {
    setToolName(name);
    setNotice(null);
    setTool(TOOLS[name](kind ?? (name === 'point' ? pointKind : areaKind)));
  };

  // Pan and zoom gestures move the drawn canvas by CSS (no redraw) and commit the view once they settle.
  const preview = useRef<((v: ViewState) => void) | null>(null);
  const live = useRef<ViewState | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The committed view at once (a press commits the preview; its release may come before React renders again). */
  const drawn = useRef(state.view);
  drawn.current = state.view;
  const gesture = (change: (v: ViewState) => ViewState) => {
    live.current = change(live.current ?? drawn.current);
    preview.current?.(live.current);
  };
  const commitView = useCallback(() => {
    if (settle.current) clearTimeout(settle.current);
    settle.current = null;
    const v = live.current;
    live.current = null;
    if (!v) return;
    drawn.current = v;
    setHistory((h) => ({ ...h, present: { ...h.present, view: v } }));
  }, []);
  const setView = (change: (v: ViewState) => ViewState) => {
    commitView();
    setHistory((h) => ({ ...h, present: { ...h.present, view: change(h.present.view) } }));
  };

  /** Commits the previewed view once the gestures have paused (a drag, then a wheel, then a drag is one redraw). */
  const settleView = () => {
    if (settle.current) clearTimeout(settle.current);
    settle.current = setTimeout(commitView, VIEW_SETTLE_MS);
  };
  const onPointer = (p: CanvasPointer) => {
    // Panning goes on from the previewed view: no redraw between gestures that follow each other.
    if (p.type === 'down' && (p.button === 1 || p.button === 2)) return void (panning.current = p.screen);
    if (panning.current) {
      if (p.type === 'move') {
        const [x, y] = panning.current;
        panning.current = p.screen;
        gesture((v) => panBy(v, p.screen[0] - x, p.screen[1] - y));
      } else if (p.type === 'up') {
        panning.current = null;
        settleView();
      }
      return;
    }
    // Other pointer work reads the point in the view the user sees; a press commits that view (a hover does not redraw).
    const view = live.current ?? drawn.current;
    if (live.current && p.type !== 'move') commitView();
    const at = screenToMap(view, p.screen);
    if (p.type === 'down' && tool.name === 'select') {
      // Empty space under the select tool pans the view (and clears the selection).
      const tol = 6 / view.zoom;
      const onHandle = state.doc.elements.some((e) => state.selected.includes(e.id) && hitVertex(e, at, tol) >= 0);
      if (!onHandle && !hitElement(state.doc.elements, at, tol)) {
        panning.current = p.screen;
        if (state.selected.length) exec([select([])]);
        return;
      }
    }
    feed({ type: p.type, p: [Math.round(at[0] * 10) / 10, Math.round(at[1] * 10) / 10] });
  };
  const onWheel = (dy: number, at: [number, number]) => {
    gesture((v) => zoomStep(v, dy < 0 ? 1 : -1, at));
    settleView();
  };

  const pick = useCallback(
    (id: string) => {
      setToolName('select');
      setTool(selectTool());
      exec([select([id])]);
    },
    [exec],
  );

  const removeSelected = useCallback(() => state.selected.length && exec([deleteElements(state.selected)]), [state.selected, exec]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') return e.preventDefault(), setHistory((h) => (e.shiftKey ? redo(h) : undo(h)));
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'y') return e.preventDefault(), setHistory(redo);
      if ((e.key === 'Delete' || e.key === 'Backspace') && tool.name === 'select') return void removeSelected();
      if (['Enter', 'Escape', 'Backspace'].includes(e.key)) feed({ type: 'key', key: e.key });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [feed, removeSelected, tool.name]);

  const save = async () => {
    const problem = submitProblem(saved, state.doc);
    if (problem) return show(problem);
    setSaving(true);
    try {
      const answer = await callEvent('saveMapElements', toSavePayload(mapId, state.doc));
      setSaved({ elements: answer.elements });
      setHistory((h) => startHistory({ ...newEditorState({ elements: answer.elements }), view: h.present.view }));
      setNotice(null);
      void message.success(t('saved'));
    } catch (err) {
      setNotice((err as Error).message);
      void message.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const onPose = useCallback((robotId: string, pose: Partial<RobotPos>) => setPoses((p) => ({ ...p, [robotId]: { ...(p[robotId] ?? { x: null, y: null, theta: null, mapId: null }), ...pose } })), []);
  const marks: RobotMark[] = useMemo(
    () =>
      robots.flatMap((r) => {
        const pose = poses[r.robotId];
        if (!pose || pose.x === null || pose.y === null || (pose.mapId !== null && pose.mapId !== undefined && pose.mapId !== mapId)) return [];
        const at = mmToPixel(config, pose.x, pose.y);
        return at.ok ? [{ robotId: r.robotId, name: r.robotName, point: at.point, theta: pose.theta ?? 0, diameter: robotWidthMm(r.robotType) / 1000 / (config.scale ?? 1) }] : [];
      }),
    [robots, poses, config, mapId],
  );

  // Unsaved changes: leaving through the console's menu or the back button asks first; closing or reloading the tab too (beforeunload).
  const unsaved = !!map && isDirty(saved, state.doc);
  const askLeave = useCallback(
    () => new Promise<boolean>((resolve) => void modal.confirm({ title: t('leaveConfirm'), okText: t('leave'), cancelText: t('cancel'), onOk: () => resolve(true), onCancel: () => resolve(false) })),
    [modal, t],
  );
  useEffect(() => {
    if (!unsaved) return;
    const onUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    const unregister = setLeaveGuard(askLeave);
    return () => {
      window.removeEventListener('beforeunload', onUnload);
      unregister();
    };
  }, [unsaved, askLeave]);
  const leave = () => void confirmLeave().then((ok) => ok && navigateTo('/home/mapManage'));

  if (!Number.isInteger(mapId) || mapId <= 0) return <Result status="info" title={t('noMap')} extra={<Button onClick={() => navigateTo('/home/mapManage')}>{t('back')}</Button>} />;
  if (error) return <Result status="error" title={catalogue('mapDataRequestFailed')} subTitle={error} extra={<Button onClick={() => void load()}>{t('retry')}</Button>} data-testid={IDS.loadFailed} />;
  if (!map) return <Card><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  if (map.processState !== 'done' || !mapSize.w) return <Result status="warning" title={t('notReady')} extra={<Button onClick={() => navigateTo('/home/mapManage')}>{t('back')}</Button>} />;

  const chosen = state.doc.elements.find((e) => e.id === state.selected[0]);
  const dirty = unsaved;
  const hintKey = tool.name === 'select' ? 'hint.select' : tool.name === 'draw' ? (tool.exactPoints ? 'hint.line' : 'hint.draw') : 'hint.place';
  const label = (e: MapElement) => t(kindLabelKey(e));

  const setEnabled = (e: MapElement, enabled: boolean) => {
    const others = enabled ? othersEnabled(state, e.id) : [];
    if (others.length === 0) return exec([setChargePileEnabled(e.id, enabled)]);
    // Spec §4: enabling one charging pile disables the other enabled ones after confirmation.
    modal.confirm({
      title: catalogue('mapChargePileDisablesOthers', { names: others.map((o) => o.name).join(', ') }),
      okText: t('enable'),
      cancelText: t('cancel'),
      onOk: () => exec([setChargePileEnabled(e.id, true)]),
    });
  };

  // The map editor's "Set robot's initial position": the chosen robot of this map takes the initial position's pose.
  const sendInitPosition = async (e: MapElement) => {
    const robot = robots.find((r) => r.robotId === initRobot);
    const at = e.points[0] ? pixelToMm(config, e.points[0]) : null;
    if (!robot || !at) return;
    setSendingInit(true);
    try {
      await callEvent('setInitPosition', { robotId: robot.robotId, mapId, x: at[0], y: at[1], theta: Number(e.props.theta ?? 0) });
      void message.success(t('initSent', { robot: robot.robotName, name: e.name }));
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setSendingInit(false);
    }
  };

  return (
    <Card
      data-testid={IDS.page}
      styles={{ body: { padding: 12 } }}
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={leave} data-testid={IDS.back} aria-label={t('back')} />
          <span>{t('title')}</span>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {map.mapName} · {map.buildingName} · F{map.floor}
          </Typography.Text>
          {dirty ? <Badge status="warning" text={t('unsaved')} data-testid={IDS.dirty} /> : null}
        </Space>
      }
      extra={
        <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid={IDS.save}>
          {t('save')}
        </Button>
      }
    >
      <Flex gap={8} wrap align="center" style={{ marginBottom: 8 }}>
        <Segmented<ToolName>
          value={toolName}
          onChange={(v) => chooseTool(v)}
          options={[
            { value: 'select', icon: <SelectOutlined />, label: <span data-testid={`${IDS.tool}-select`}>{t('tool.select')}</span> },
            { value: 'forbidden', icon: <StopOutlined />, label: <span data-testid={`${IDS.tool}-forbidden`}>{t('tool.forbidden')}</span> },
            { value: 'area', icon: <BorderOutlined />, label: <span data-testid={`${IDS.tool}-area`}>{t('tool.area')}</span> },
            { value: 'route', icon: <NodeIndexOutlined />, label: <span data-testid={`${IDS.tool}-route`}>{t('tool.route')}</span> },
            { value: 'track', icon: <NodeIndexOutlined rotate={90} />, label: <span data-testid={`${IDS.tool}-track`}>{t('tool.track')}</span> },
            { value: 'charge', icon: <ThunderboltOutlined />, label: <span data-testid={`${IDS.tool}-charge`}>{t('tool.charge')}</span> },
            { value: 'shutter', icon: <BorderHorizontalOutlined />, label: <span data-testid={`${IDS.tool}-shutter`}>{t('tool.shutter')}</span> },
            { value: 'point', icon: <EnvironmentOutlined />, label: <span data-testid={`${IDS.tool}-point`}>{t('tool.point')}</span> },
          ]}
        />
        {toolName === 'point' ? (
          <Select
            style={{ width: 170 }}
            value={pointKind}
            data-testid={IDS.pointKind}
            onChange={(v: number) => (setPointKind(v), chooseTool('point', v))}
            options={POINT_KINDS.map((k) => ({ value: k, label: t(`kind.${utilOf(k).key}`) }))}
          />
        ) : null}
        {toolName === 'area' ? (
          <Select
            style={{ width: 160 }}
            value={areaKind}
            data-testid={IDS.areaKind}
            onChange={(v: number) => (setAreaKind(v), chooseTool('area', v))}
            options={[2, 3, 4, 5].map((k) => ({ value: k, label: t(`area.${specialAreaKey(k)}`) }))}
          />
        ) : null}
        <Space.Compact>
          <Tooltip title={t('undo')}>
            <Button icon={<UndoOutlined />} disabled={!canUndo(history)} onClick={() => setHistory(undo)} data-testid={IDS.undo} aria-label={t('undo')} />
          </Tooltip>
          <Tooltip title={t('redo')}>
            <Button icon={<RedoOutlined />} disabled={!canRedo(history)} onClick={() => setHistory(redo)} data-testid={IDS.redo} aria-label={t('redo')} />
          </Tooltip>
        </Space.Compact>
        <Space.Compact>
          <Tooltip title={t('zoomOut')}>
            <Button icon={<ZoomOutOutlined />} onClick={() => setView((v) => zoomStep(v, -1, [size.w / 2, size.h / 2]))} data-testid={IDS.zoomOut} aria-label={t('zoomOut')} />
          </Tooltip>
          <Button disabled style={{ width: 64 }} data-testid={IDS.zoom}>
            {state.view.zoom.toFixed(1)}×
          </Button>
          <Tooltip title={t('zoomIn')}>
            <Button icon={<ZoomInOutlined />} onClick={() => setView((v) => zoomStep(v, 1, [size.w / 2, size.h / 2]))} data-testid={IDS.zoomIn} aria-label={t('zoomIn')} />
          </Tooltip>
          <Tooltip title={t('fit')}>
            <Button icon={<ExpandOutlined />} onClick={() => setView(() => fitView(mapSize.w, mapSize.h, size.w, size.h))} data-testid={IDS.fit} aria-label={t('fit')} />
          </Tooltip>
        </Space.Compact>
        <Button icon={<CopyOutlined />} onClick={() => setCopyOpen(true)} data-testid={IDS.copy}>
          {t('copy')}
        </Button>
        <Popconfirm title={t('deleteConfirm')} onConfirm={() => removeSelected()} okText={t('delete')} okButtonProps={{ danger: true }} disabled={state.selected.length === 0}>
          <Button danger icon={<DeleteOutlined />} disabled={state.selected.length === 0} data-testid={IDS.remove}>
            {t('delete')}
          </Button>
        </Popconfirm>
        {/* Two lines kept for every tool's hint: a longer one does not push the canvas down under the pointer. */}
        <Typography.Text type="secondary" data-testid={IDS.hint} style={{ flex: 1, minWidth: 240, minHeight: 44, display: 'flex', alignItems: 'center', lineHeight: '22px' }}>
          {t(hintKey)}
        </Typography.Text>
      </Flex>
      {notice ? <Alert type="warning" showIcon message={notice} closable onClose={() => setNotice(null)} style={{ marginBottom: 8 }} data-testid="map-editor-notice" /> : null}
      <Flex gap={12}>
        <div ref={box} style={{ flex: 1, height: 'calc(100vh - 290px)', minHeight: 420, border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }} data-testid={IDS.canvas} data-ready={image ? '1' : '0'} data-elements={state.doc.elements.length}>
          {size.w > 0 && fitted.current ? <MapCanvas
            width={size.w}
            height={size.h}
            image={image}
            mapSize={mapSize}
            view={state.view}
            elements={state.doc.elements}
            selected={state.selected}
            tool={tool}
            robots={marks}
            onPointer={onPointer}
            onWheel={onWheel}
            preview={preview}
          /> : null}
        </div>
        {/* The side column scrolls on its own, beside the canvas (a long point form must not push the canvas away). */}
        <Flex vertical gap={12} style={{ width: 300, flexShrink: 0, height: 'calc(100vh - 290px)', minHeight: 420, overflowY: 'auto', paddingRight: 2 }}>
          <Card size="small" title={t('properties')} data-testid={IDS.props}>
            {chosen ? (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Tag color={utilOf(chosen.kind).colour(chosen)}>{label(chosen)}</Tag>
                <Input
                  key={chosen.id}
                  addonBefore={t('name')}
                  defaultValue={chosen.name}
                  maxLength={32}
                  data-testid={IDS.name}
                  onBlur={(e) => e.target.value !== chosen.name && exec([updateElement(chosen.id, { name: e.target.value })])}
                  onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
                />
                {chosen.kind === MapElementKind.specialArea ? (
                  <Select
                    style={{ width: '100%' }}
                    value={chosen.subKind ?? 1}
                    onChange={(v: number) => exec([updateElement(chosen.id, { subKind: v })])}
                    options={[1, 2, 3, 4, 5].map((k) => ({ value: k, label: t(`area.${specialAreaKey(k)}`) }))}
                  />
                ) : null}
                {chosen.kind === MapElementKind.path ? (
                  <Select
                    style={{ width: '100%' }}
                    value={chosen.subKind ?? RouteKind.realRoute}
                    onChange={(v: number) => exec([updateElement(chosen.id, { subKind: v })])}
                    options={Object.values(RouteKind).map((k) => ({ value: k, label: t(`routeKind.${k}`) }))}
                  />
                ) : null}
                {chosen.kind === MapElementKind.transport ? (
                  <Select<TransportKind>
                    style={{ width: '100%' }}
                    prefix={`${t('transportKind.label')}:`}
                    value={(chosen.props.transportKind as TransportKind | undefined) ?? TRANSPORT_KINDS[0]}
                    onChange={(transportKind) => exec([updateElement(chosen.id, { props: { transportKind } })])}
                    options={TRANSPORT_KINDS.map((k) => ({ value: k, label: t(`transportKind.${k}`) }))}
                    data-testid={IDS.transportKind}
                  />
                ) : null}
                {chosen.kind === MapElementKind.initPosition ? (
                  <>
                    <InputNumber
                      key={`${chosen.id}-theta`}
                      style={{ width: '100%' }}
                      addonBefore={t('theta')}
                      min={-180}
                      max={180}
                      precision={1}
                      defaultValue={Number(chosen.props.theta ?? 0)}
                      onBlur={(ev) => {
                        const theta = Math.max(-180, Math.min(180, Number(ev.target.value) || 0));
                        if (theta !== Number(chosen.props.theta ?? 0)) exec([updateElement(chosen.id, { props: { theta } })]);
                      }}
                      onPressEnter={(ev) => (ev.target as HTMLInputElement).blur()}
                      data-testid={IDS.theta}
                    />
                    <Select
                      style={{ width: '100%' }}
                      placeholder={t('initRobot')}
                      value={initRobot}
                      onChange={setInitRobot}
                      options={robots.map((r) => ({ value: r.robotId, label: r.robotName }))}
                      notFoundContent={t('noRobots')}
                      data-testid={IDS.initRobot}
                    />
                    <Button block icon={<AimOutlined />} disabled={!initRobot} loading={sendingInit} onClick={() => void sendInitPosition(chosen)} data-testid={IDS.initSend}>
                      {t('initSend')}
                    </Button>
                  </>
                ) : null}
                {chosen.kind === MapElementKind.interestPoint ? (
                  <PoiPanel
                    key={chosen.id}
                    element={chosen}
                    robots={robots}
                    media={media}
                    points={history.present.doc.elements.filter((e) => e.kind === MapElementKind.interestPoint).map((e) => ({ id: e.id, name: e.name }))}
                    onApply={(poi) => exec([updatePoi(chosen.id, poi)])}
                    onProblem={show}
                  />
                ) : null}
                {chosen.kind === MapElementKind.chargePosition ? (
                  <Space>
                    <Switch checked={chosen.props.enabled === true} onChange={(v) => setEnabled(chosen, v)} data-testid={IDS.enabled} />
                    {t('enabled')}
                  </Space>
                ) : null}
                <Typography.Text type="secondary">{t('points', { count: chosen.points.length })}</Typography.Text>
              </Space>
            ) : (
              <Typography.Text type="secondary">{t('pick')}</Typography.Text>
            )}
          </Card>
          <ElementList elements={state.doc.elements} selected={state.selected} onPick={pick} />
          <RobotsPanel robots={robots} poses={poses} marks={marks} config={config} onPose={onPose} />
        </Flex>
      </Flex>
      {copyOpen ? <CopyPathwaysDialog sourceMapId={mapId} companyId={map.companyId} onClose={() => setCopyOpen(false)} /> : null}
    </Card>
  );
}
