/**
 * Editing: the chosen tool and what it is fed (pointer, keys), the commands it runs on the
 * history, and the notice that shows a refused command's rule.
 */
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { App } from 'antd';
import { MapElementKind, SpecialAreaKind } from '@common/map';
import type { RuleError } from '@common/map-elements';
import type { MessageKey } from '@common/messages';
import { deleteElements, select, type Command } from './model/commands';
import { hitElement, hitVertex } from './model/element-utils';
import { redo, run, undo, type History } from './model/history';
import { drawTool, forbiddenZoneTool, placeTool, rollerShutterTool, routeTool, selectTool, stepTool, type ToolEvent, type ToolState } from './model/tools';
import type { MapPointerHandler } from './use-map-view';

/** The tools of the toolbar. */
export type ToolName = 'select' | 'forbidden' | 'area' | 'route' | 'track' | 'charge' | 'shutter' | 'point';

interface Options {
  history: History;
  setHistory: Dispatch<SetStateAction<History>>;
  catalogue: (key: MessageKey, vars?: Record<string, string | number>) => string;
  message: ReturnType<typeof App.useApp>['message'];
}

/** The editor's tool, commands and notice. */
export function useEditorTools({ history, setHistory, catalogue, message }: Options) {
  const [tool, setTool] = useState<ToolState>(selectTool());
  const [toolName, setToolName] = useState<ToolName>('select');
  const [areaKind, setAreaKind] = useState<number>(SpecialAreaKind.narrowRoad);
  const [notice, setNotice] = useState<string | null>(null);
  const state = history.present;

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

  /** A pointer event on the map (not a pan): empty space under the select tool pans the view, anything else feeds the tool. */
  const onMapPointer: MapPointerHandler = (p, at, view) => {
    if (p.type === 'down' && tool.name === 'select') {
      // Empty space under the select tool pans the view (and clears the selection).
      const tol = 6 / view.zoom;
      const onHandle = state.doc.elements.some((e) => state.selected.includes(e.id) && hitVertex(e, at, tol) >= 0);
      if (!onHandle && !hitElement(state.doc.elements, at, tol)) {
        if (state.selected.length) exec([select([])]);
        return 'pan';
      }
    }
    feed({ type: p.type, p: [Math.round(at[0] * 10) / 10, Math.round(at[1] * 10) / 10] });
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

  return { tool, toolName, chooseTool, pointKind, setPointKind, areaKind, setAreaKind, notice, setNotice, show, exec, feed, onMapPointer, pick, removeSelected };
}

/** The editor's keys: undo and redo, Delete under the select tool, and the keys a drawing tool takes. */
export function useEditorKeys({ setHistory, feed, removeSelected, tool }: { setHistory: Dispatch<SetStateAction<History>>; feed: (e: ToolEvent) => void; removeSelected: () => unknown; tool: ToolState }) {
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
}
