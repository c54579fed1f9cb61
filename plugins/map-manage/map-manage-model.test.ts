import { describe, expect, it } from 'vitest';
import type { MapRecord } from '@common/events/maps';
import { applyMapPush, formatEstimate } from './map-manage-model';

const row = (mapId: number): MapRecord => ({
  mapId,
  companyId: 1,
  regionName: 'R',
  buildingName: 'B',
  buildingId: 1,
  floor: 1,
  mapName: `M${mapId}`,
  mapType: 1,
  layer: 6,
  processState: 'slicing',
  processProgress: 0,
  processError: null,
  config: {},
  pgmName: null,
  yamlName: null,
  extraFiles: {},
  createdAt: '',
  updatedAt: '',
  syncs: [{ robotId: 'r1', robotName: 'R1', status: 0, message: null }],
});

describe('map list pushes', () => {
  it('moves the progress of the map the push names, and only that one', () => {
    const out = applyMapPush([row(1), row(2)], 'mapProgress', { mapId: 2, processState: 'slicing', processProgress: 40, processError: null });
    expect(out.map((r) => r.processProgress)).toEqual([0, 40]);
  });

  it('shows a failure with its message and a sync result per robot', () => {
    let out = applyMapPush([row(1)], 'mapProgress', { mapId: 1, processState: 'failed', processProgress: 0, processError: 'bad' });
    expect(out[0]).toMatchObject({ processState: 'failed', processError: 'bad' });
    out = applyMapPush(out, 'mapSync', { mapId: 1, robotId: 'r1', status: 3, message: 'Robot not online' });
    expect(out[0]!.syncs[0]).toMatchObject({ status: 3, message: 'Robot not online' });
    expect(applyMapPush(out, 'snapshot', {})).toBe(out);
  });

  it('words the spec estimates', () => {
    expect([formatEstimate(20), formatEstimate(180), formatEstimate(2880)]).toEqual(['20 s', '3 min', '48 min']);
  });
});
