/** `/home/mapEditor?mapId=…`: the map editor of one processed map. */
import { Suspense, useEffect, useState } from 'react';
import { MapNotReady } from './map-not-ready';
import { Alert, App, Badge, Button, Card, Flex, Result, Skeleton, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { lazyNamed, navigateTo, useCatalogue } from '@runtime';
import { MAP_EDITOR_TEST_IDS as IDS } from './test-ids';
import { ElementList } from './element-list';
import { CopyPathwaysDialog } from './copy-pathways-dialog';
import { RobotsPanel } from './robots-panel';
import { MapEditorToolbar } from './map-editor-toolbar';
import { ElementProperties } from './element-properties';
import { useMapDocument } from './use-map-document';
import { useEditorKeys, useEditorTools } from './use-editor-tools';
import { useMapView } from './use-map-view';
import { useSaveFlow } from './use-save-flow';
import { useRobotPoses } from './use-robot-poses';
import { useInitPosition } from './use-init-position';

// The canvas (Konva and react-konva, about half of the page's code) is a chunk of its own, asked for
// once the map's record is in, beside the map's picture: the toolbar and side panels do not wait for it (issue 23).
const MapCanvas = lazyNamed(() => import('./map-canvas'), 'MapCanvas');

/** The map editor page. */
export default function MapEditorPage() {
  const { t } = useTranslation('map-editor');
  const catalogue = useCatalogue();
  const { message, modal } = App.useApp();
  const [params] = useSearchParams();
  const mapId = Number(params.get('mapId'));
  // The map, its elements, robots and picture (the picture is asked for as soon as the map's record answers).
  const { map, error, saved, setSaved, history, setHistory, image, robots, media, config, mapSize, load } = useMapDocument(mapId);
  const state = history.present;
  const editing = useEditorTools({ history, setHistory, catalogue, message });
  const { tool, notice, setNotice, show, exec } = editing;
  const { box, size, fitted, preview, setView, onPointer, onWheel } = useMapView({ map, mapSize, view: state.view, setHistory, onMapPointer: editing.onMapPointer });
  useEditorKeys({ setHistory, feed: editing.feed, removeSelected: editing.removeSelected, tool });
  const [copyOpen, setCopyOpen] = useState(false);
  const init = useInitPosition({ robots, config, mapId, message, t });
  const { saving, save, unsaved, leave } = useSaveFlow({ mapId, map, saved, setSaved, doc: state.doc, setHistory, show, setNotice, message, modal, t });
  const { poses, onPose, marks } = useRobotPoses(robots, config, mapId);
  // The canvas's code is asked for with the map's picture, once the map's record is in: the editor's frame
  // (title, toolbar, hint) paints without waiting for its 100 KB.
  const mapKnown = Boolean(map);
  useEffect(() => {
    if (mapKnown) void MapCanvas.preload();
  }, [mapKnown]);

  if (!Number.isInteger(mapId) || mapId <= 0) return <Result status="info" title={t('noMap')} extra={<Button onClick={() => navigateTo('/home/mapManage')}>{t('back')}</Button>} />;
  if (error) return <Result status="error" title={catalogue('mapDataRequestFailed')} subTitle={error} extra={<Button onClick={() => void load()}>{t('retry')}</Button>} data-testid={IDS.loadFailed} />;
  // Until the map's record answers, the editor's frame (title, toolbar and its hint) shows with the canvas and side column still loading.
  if (map && (map.processState !== 'done' || !mapSize.w || !config.pngurl)) return <MapNotReady companyId={map.companyId} mapId={mapId} failed={map.processState === 'failed'} progress={map.processProgress} onDone={() => void load()} />;

  const dirty = unsaved;
  // The canvas box while the map's record or the canvas's code is on its way.
  const canvasLoading = <Flex style={{ height: '100%' }} align="center" justify="center"><Spin /></Flex>;

  return (
    <Card
      data-testid={IDS.page}
      styles={{ body: { padding: 12 } }}
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={leave} data-testid={IDS.back} aria-label={t('back')} />
          <span>{t('title')}</span>
          {map ? (
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {map.mapName} · {map.buildingName} · F{map.floor}
            </Typography.Text>
          ) : null}
          {dirty ? <Badge status="warning" text={t('unsaved')} data-testid={IDS.dirty} /> : null}
        </Space>
      }
      extra={
        <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!map} onClick={() => void save()} data-testid={IDS.save}>
          {t('save')}
        </Button>
      }
    >
      <MapEditorToolbar
        tool={tool}
        toolName={editing.toolName}
        onTool={(v) => editing.chooseTool(v)}
        pointKind={editing.pointKind}
        onPointKind={(v) => (editing.setPointKind(v), editing.chooseTool('point', v))}
        areaKind={editing.areaKind}
        onAreaKind={(v) => (editing.setAreaKind(v), editing.chooseTool('area', v))}
        history={history}
        setHistory={setHistory}
        setView={setView}
        size={size}
        mapSize={mapSize}
        onCopy={() => setCopyOpen(true)}
        onRemove={() => editing.removeSelected()}
      />
      {notice ? <Alert type="warning" showIcon message={notice} closable onClose={() => setNotice(null)} style={{ marginBottom: 8 }} data-testid="map-editor-notice" /> : null}
      <Flex gap={12}>
        <div ref={box} style={{ flex: 1, height: 'calc(100vh - 290px)', minHeight: 420, border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }} data-testid={IDS.canvas} data-ready={image ? '1' : '0'} data-elements={state.doc.elements.length}>
          {!map ? canvasLoading : null}
          {map && size.w > 0 && fitted.current ? <Suspense fallback={canvasLoading}><MapCanvas
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
          /></Suspense> : null}
        </div>
        {/* The side column scrolls on its own, beside the canvas (a long point form must not push the canvas away). */}
        <Flex vertical gap={12} style={{ width: 300, flexShrink: 0, height: 'calc(100vh - 290px)', minHeight: 420, overflowY: 'auto', paddingRight: 2 }}>
          {map ? (
            <>
              <ElementProperties state={state} exec={exec} robots={robots} media={media} init={init} onProblem={show} />
              <ElementList elements={state.doc.elements} selected={state.selected} onPick={editing.pick} />
              <RobotsPanel robots={robots} poses={poses} marks={marks} config={config} onPose={onPose} />
            </>
          ) : (
            <Skeleton active paragraph={{ rows: 8 }} />
          )}
        </Flex>
      </Flex>
      {copyOpen && map ? <CopyPathwaysDialog sourceMapId={mapId} companyId={map.companyId} onClose={() => setCopyOpen(false)} /> : null}
    </Card>
  );
}
