/** The editor's toolbar: tools (with a point's or an area's kind), undo and redo, zoom, copy, delete, and the tool's hint. */
import type { Dispatch, SetStateAction } from 'react';
import { Button, Flex, Popconfirm, Segmented, Select, Space, Tooltip, Typography } from 'antd';
import {
  BorderHorizontalOutlined,
  BorderOutlined,
  CopyOutlined,
  DeleteOutlined,
  EnvironmentOutlined,
  ExpandOutlined,
  NodeIndexOutlined,
  RedoOutlined,
  SelectOutlined,
  StopOutlined,
  ThunderboltOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MapElementKind } from '@common/map';
import { MAP_EDITOR_TEST_IDS as IDS } from './test-ids';
import { specialAreaKey, utilOf } from './model/element-utils';
import { canRedo, canUndo, redo, undo, type History } from './model/history';
import type { ToolState } from './model/tools';
import type { ViewState } from './model/types';
import { fitView, zoomStep } from './model/view';
import type { ToolName } from './use-editor-tools';

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

interface Props {
  tool: ToolState;
  toolName: ToolName;
  onTool: (name: ToolName) => void;
  pointKind: number;
  onPointKind: (kind: number) => void;
  areaKind: number;
  onAreaKind: (kind: number) => void;
  history: History;
  setHistory: Dispatch<SetStateAction<History>>;
  setView: (change: (v: ViewState) => ViewState) => void;
  /** The canvas box's size. */
  size: { w: number; h: number };
  mapSize: { w: number; h: number };
  onCopy: () => void;
  onRemove: () => void;
}

/** The toolbar above the canvas. */
export function MapEditorToolbar({ tool, toolName, onTool, pointKind, onPointKind, areaKind, onAreaKind, history, setHistory, setView, size, mapSize, onCopy, onRemove }: Props) {
  const { t } = useTranslation('map-editor');
  const state = history.present;
  const hintKey = tool.name === 'select' ? 'hint.select' : tool.name === 'draw' ? (tool.exactPoints ? 'hint.line' : 'hint.draw') : 'hint.place';
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 8 }}>
      <Segmented<ToolName>
        value={toolName}
        onChange={(v) => onTool(v)}
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
          onChange={(v: number) => onPointKind(v)}
          options={POINT_KINDS.map((k) => ({ value: k, label: t(`kind.${utilOf(k).key}`) }))}
        />
      ) : null}
      {toolName === 'area' ? (
        <Select
          style={{ width: 160 }}
          value={areaKind}
          data-testid={IDS.areaKind}
          onChange={(v: number) => onAreaKind(v)}
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
      <Button icon={<CopyOutlined />} onClick={() => onCopy()} data-testid={IDS.copy}>
        {t('copy')}
      </Button>
      <Popconfirm title={t('deleteConfirm')} onConfirm={() => onRemove()} okText={t('delete')} okButtonProps={{ danger: true }} disabled={state.selected.length === 0}>
        <Button danger icon={<DeleteOutlined />} disabled={state.selected.length === 0} data-testid={IDS.remove}>
          {t('delete')}
        </Button>
      </Popconfirm>
      {/* Two lines kept for every tool's hint: a longer one does not push the canvas down under the pointer. */}
      <Typography.Text type="secondary" data-testid={IDS.hint} style={{ flex: 1, minWidth: 240, minHeight: 44, display: 'flex', alignItems: 'center', lineHeight: '22px' }}>
        {t(hintKey)}
      </Typography.Text>
    </Flex>
  );
}
