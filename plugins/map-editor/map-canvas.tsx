/**
 * The Konva rendering of the editor: the map picture as one cached, non-listening background
 * layer; elements on a non-listening layer (hit-testing is the model's, not Konva's); the
 * selection, drag and drawing previews on an overlay; robots on their own layer. The stage only
 * reports pointer events in screen and map pixels.
 */
import { memo, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { Circle, Group, Image as KonvaImage, Layer, Line, Rect, Stage, Text } from 'react-konva';
import type Konva from 'konva';
import { MapColours, MapElementKind } from '@common/map';
import { isRollerShutter } from '@common/map-elements';
import { shapeOf, utilOf } from './model/element-utils';
import { screenToMap } from './model/view';
import type { ToolState } from './model/tools';
import type { MapElement, Pt, ViewState } from './model/types';

/** A robot drawn on the map. */
export interface RobotMark {
  robotId: string;
  name: string;
  point: Pt;
  /** Diameter in map pixels (the model's width). */
  diameter: number;
  theta: number;
}

/** A pointer event of the stage. */
export interface CanvasPointer {
  type: 'down' | 'move' | 'up' | 'dblclick';
  screen: Pt;
  map: Pt;
  button: number;
}

interface Props {
  width: number;
  height: number;
  image: HTMLImageElement | null;
  mapSize: { w: number; h: number };
  view: ViewState;
  elements: MapElement[];
  selected: string[];
  tool: ToolState;
  robots: RobotMark[];
  onPointer: (e: CanvasPointer) => void;
  onWheel: (deltaY: number, at: Pt) => void;
  /** Set by the canvas: shows a view during a gesture by moving the drawn bitmap (no redraw). */
  preview?: RefObject<((v: ViewState) => void) | null>;
}

const flat = (points: Pt[]) => points.flat();

/**
 * One element, drawn by its kind's util. Memoised, and lines keep their screen width at any zoom
 * (strokeScaleEnabled off), so panning and zooming re-render no element in React.
 */
const ElementShape = memo(function ElementShape({ e, zoom, offset, highlight }: { e: MapElement; zoom: number; offset?: Pt; highlight?: boolean }) {
  const util = utilOf(e.kind);
  const colour = util.colour(e);
  const [ox, oy] = offset ?? [0, 0];
  const stroke = highlight ? 3 : 2;
  const shape = shapeOf(e);
  if (isRollerShutter(e)) {
    // A roller shutter: a thick dashed bar with square ends, apart from routes and tracks.
    return (
      <Group x={ox} y={oy} listening={false}>
        <Line points={flat(e.points)} stroke={colour} strokeWidth={stroke * 3} strokeScaleEnabled={false} dash={[4 / zoom, 3 / zoom]} lineCap="butt" perfectDrawEnabled={false} />
        {e.points.map(([x, y], i) => (
          <Rect key={i} x={x - 4 / zoom} y={y - 4 / zoom} width={8 / zoom} height={8 / zoom} fill={colour} stroke={highlight ? '#1677ff' : undefined} strokeWidth={1.5 / zoom} perfectDrawEnabled={false} />
        ))}
      </Group>
    );
  }
  if (shape === 'polygon') {
    return (
      <Line points={flat(e.points)} x={ox} y={oy} closed stroke={colour} strokeWidth={stroke} strokeScaleEnabled={false} fill={`${colour}40`} perfectDrawEnabled={false} listening={false} dash={highlight ? [6, 4] : undefined} />
    );
  }
  if (shape === 'polyline') {
    return <Line points={flat(e.points)} x={ox} y={oy} stroke={colour} strokeWidth={stroke * 1.5} strokeScaleEnabled={false} lineCap="round" lineJoin="round" perfectDrawEnabled={false} listening={false} />;
  }
  const [x, y] = e.points[0] ?? [0, 0];
  const enabled = e.props.enabled === true;
  return (
    <Group x={x + ox} y={y + oy} listening={false} scaleX={1 / zoom} scaleY={1 / zoom}>
      {e.kind === MapElementKind.initPosition ? (
        // The heading (degrees, counter-clockwise from the map's x axis; the screen's y points down).
        <Line points={[0, 0, Math.cos((Number(e.props.theta ?? 0) * Math.PI) / 180) * 16, -Math.sin((Number(e.props.theta ?? 0) * Math.PI) / 180) * 16]} stroke={highlight ? '#1677ff' : colour} strokeWidth={2.5} perfectDrawEnabled={false} />
      ) : null}
      <Circle radius={7} fill={enabled ? colour : '#ffffff'} stroke={highlight ? '#1677ff' : colour} strokeWidth={2} perfectDrawEnabled={false} />
      <Text text={e.name} x={9} y={-6} fontSize={12} fill="#1f1f1f" />
    </Group>
  );
}, (a, b) => a.e === b.e && a.offset === b.offset && a.highlight === b.highlight && (a.zoom === b.zoom || (shapeOf(a.e) !== 'point' && !isRollerShutter(a.e))));

/**
 * Where the pointer is on the stage's box, in screen pixels. Not Konva's pointer position: that
 * is measured on the drawn content, which a pan or zoom preview moves and scales by CSS.
 */
function screenOf(evt: Konva.KonvaEventObject<MouseEvent | WheelEvent>): Pt | null {
  const box = evt.target.getStage()?.container().getBoundingClientRect();
  return box ? [evt.evt.clientX - box.left, evt.evt.clientY - box.top] : null;
}

/** The editor's stage. */
export function MapCanvas({ width, height, image, mapSize, view, elements, selected, tool, robots, onPointer, onWheel, preview }: Props) {
  const background = useRef<Konva.Group>(null);
  const stage = useRef<Konva.Stage>(null);
  useEffect(() => {
    if (!preview) return;
    preview.current = (v: ViewState) => {
      const content = stage.current?.content;
      if (!content) return;
      // Screen position under view v = s · (position under the drawn view) + (pan_v − s · pan_drawn).
      const s = v.zoom / view.zoom;
      content.style.transformOrigin = '0 0';
      content.style.transform = `translate(${v.panX - s * view.panX}px, ${v.panY - s * view.panY}px) scale(${s})`;
    };
    return () => void (preview.current = null);
  }, [preview, view]);
  useLayoutEffect(() => {
    // The committed view is drawn now, in the same frame the bitmap's CSS offset is dropped.
    const content = stage.current?.content;
    if (content && content.style.transform) {
      content.style.transform = '';
      stage.current?.draw();
    }
  }, [view]);
  useEffect(() => {
    // One bitmap for the whole background: the map is never redrawn piecewise while panning.
    const g = background.current;
    if (!g || !image) return;
    g.cache({ pixelRatio: 1 });
    g.getLayer()?.batchDraw();
    return () => void g.clearCache();
  }, [image, mapSize.w, mapSize.h]);

  // Konva reports two quick clicks anywhere as a double-click; only two at one spot finish a drawing.
  const downs = useRef<Pt[]>([]);
  const pointer = (type: CanvasPointer['type'], evt: Konva.KonvaEventObject<MouseEvent>) => {
    const screen = screenOf(evt);
    if (!screen) return;
    if (type === 'down') downs.current = [...downs.current.slice(-1), screen];
    if (type === 'dblclick') {
      const [a, b] = downs.current;
      if (!a || !b || Math.hypot(a[0] - b[0], a[1] - b[1]) > 4) return;
    }
    onPointer({ type, screen, map: screenToMap(view, screen), button: evt.evt.button });
  };

  const chosen = elements.filter((e) => selected.includes(e.id));
  const offset: Pt | undefined = tool.name === 'select' && tool.phase === 'moving' ? [tool.to[0] - tool.from[0], tool.to[1] - tool.from[1]] : undefined;
  const vertexEdit = tool.name === 'select' && tool.phase === 'vertex' ? tool : null;
  const handle = 5 / view.zoom;

  return (
    <Stage
      ref={stage}
      width={width}
      height={height}
      x={view.panX}
      y={view.panY}
      scaleX={view.zoom}
      scaleY={view.zoom}
      onMouseDown={(e) => pointer('down', e)}
      onMouseMove={(e) => pointer('move', e)}
      onMouseUp={(e) => pointer('up', e)}
      onDblClick={(e) => pointer('dblclick', e)}
      onContextMenu={(e) => e.evt.preventDefault()}
      onWheel={(e) => {
        e.evt.preventDefault();
        const at = screenOf(e);
        if (at) onWheel(e.evt.deltaY, at);
      }}
      style={{ background: '#f0f2f5', cursor: tool.name === 'select' ? 'default' : 'crosshair' }}
    >
      <Layer listening={false}>
        <Group ref={background}>
          <Rect x={0} y={0} width={mapSize.w} height={mapSize.h} fill="#cdcdcd" />
          {image ? <KonvaImage image={image} x={0} y={0} width={mapSize.w} height={mapSize.h} imageSmoothingEnabled={false} /> : null}
        </Group>
      </Layer>
      <Layer listening={false}>
        {elements.map((e) => (selected.includes(e.id) ? null : <ElementShape key={e.id} e={e} zoom={view.zoom} />))}
      </Layer>
      <Layer listening={false}>
        {chosen.map((e) => {
          const shown = vertexEdit && vertexEdit.id === e.id ? { ...e, points: e.points.map((p, i) => (i === vertexEdit.index ? ([p[0] + vertexEdit.to[0] - vertexEdit.from[0], p[1] + vertexEdit.to[1] - vertexEdit.from[1]] as Pt) : p)) } : e;
          return (
            <Group key={e.id}>
              <ElementShape e={shown} zoom={view.zoom} offset={offset} highlight />
              {shapeOf(e) !== 'point' && !offset
                ? shown.points.map(([x, y], i) => <Rect key={i} x={x - handle} y={y - handle} width={handle * 2} height={handle * 2} fill="#ffffff" stroke="#1677ff" strokeWidth={1.5 / view.zoom} />)
                : null}
            </Group>
          );
        })}
        {tool.name === 'draw' && tool.points.length > 0 ? (
          <Group>
            <Line
              points={flat(tool.hover ? [...tool.points, tool.hover] : tool.points)}
              stroke={utilOf(tool.kind).colour({ id: '', kind: tool.kind, subKind: tool.subKind, name: '', points: [], props: tool.props ?? {} })}
              strokeWidth={2 / view.zoom}
              dash={[6 / view.zoom, 4 / view.zoom]}
              closed={utilOf(tool.kind).shape === 'polygon'}
            />
            {tool.points.map(([x, y], i) => (
              <Circle key={i} x={x} y={y} radius={3 / view.zoom} fill="#1677ff" />
            ))}
          </Group>
        ) : null}
      </Layer>
      <Layer listening={false}>
        {robots.map((r) => (
          <Group key={r.robotId} x={r.point[0]} y={r.point[1]}>
            <Circle radius={Math.max(r.diameter / 2, 5 / view.zoom)} fill={`${MapColours.default}99`} stroke="#237804" strokeWidth={1.5 / view.zoom} />
            <Line points={[0, 0, Math.cos(r.theta) * 10 / view.zoom, -Math.sin(r.theta) * 10 / view.zoom]} stroke="#237804" strokeWidth={2 / view.zoom} />
            <Text text={r.name} x={8 / view.zoom} y={8 / view.zoom} fontSize={12 / view.zoom} fill="#237804" />
          </Group>
        ))}
      </Layer>
    </Stage>
  );
}
