/**
 * The persisted robot selection (spec §3 "Persisted selection", §4): selecting a robot
 * stores company, region, map, building, floor and type; selecting a map updates map,
 * building and floor.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { persistedValue } from './persisted-value';

/** What is remembered about the selected robot. */
export interface RobotSelection {
  robotType?: number;
  robotId?: string;
  mapId?: number | null;
  companyId?: number;
  buildingName?: string;
  floor?: number | string;
  regionName?: string;
}

/** The part that changes when a map is selected. */
export type MapSelection = Pick<RobotSelection, 'mapId' | 'buildingName' | 'floor'>;

const store = persistedValue<RobotSelection>('fc.robotSelection');
const EMPTY: RobotSelection = {};

/** The current selection ({} when none). */
export function getRobotSelection(): RobotSelection {
  return store.get() ?? EMPTY;
}

type SelectionGuard = (next: Required<Pick<RobotSelection, 'robotId'>> & RobotSelection) => boolean;
let selectionGuard: SelectionGuard | undefined;

/**
 * Registers a question before another robot is selected (a running call asks "End the call with X?",
 * spec §4): the guard answers false to hold the switch, asks, and selects again itself once agreed.
 * Returns the unregister function.
 */
export function setRobotSelectionGuard(guard: SelectionGuard): () => void {
  selectionGuard = guard;
  return () => {
    if (selectionGuard === guard) selectionGuard = undefined;
  };
}

/** Selects a robot: replaces every remembered field. */
export function selectRobot(selection: Required<Pick<RobotSelection, 'robotId'>> & RobotSelection): void {
  if (selectionGuard && selection.robotId !== getRobotSelection().robotId && !selectionGuard(selection)) return;
  const { robotType, robotId, mapId, companyId, buildingName, floor, regionName } = selection;
  store.set({ robotType, robotId, mapId, companyId, buildingName, floor, regionName });
}

/** Selects a map: updates map, building and floor, keeps the rest. */
export function selectMap(map: MapSelection): void {
  store.set({ ...getRobotSelection(), mapId: map.mapId, buildingName: map.buildingName, floor: map.floor });
}

/** Forgets the selection. */
export function clearRobotSelection(): void {
  store.clear();
}

/** React view of the selection with its setters. */
export function useRobotSelection() {
  const selection = useSyncExternalStore(store.subscribe, getRobotSelection, getRobotSelection);
  return {
    selection,
    hasRobot: Boolean(selection.robotId),
    selectRobot: useCallback(selectRobot, []),
    selectMap: useCallback(selectMap, []),
    clear: useCallback(clearRobotSelection, []),
  };
}
