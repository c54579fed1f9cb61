import { describe, expect, it } from 'vitest';
import { clampZoom, fitView, mapToScreen, mmToPixel, pixelToMm, screenToMap, zoomStep, zoomTo } from './view';

const config = { pixelW: 1113, pixelH: 972, scale: 0.05, Xorigin: -19.1, Yorigin: -20.8, maxlayer: 6 };

describe('zoom and pan', () => {
  it('zooms in steps of 0.5 up to 8 and no further', () => {
    let v = { zoom: 7, panX: 0, panY: 0 };
    v = zoomStep(v, 1);
    expect(v.zoom).toBe(7.5);
    v = zoomStep(zoomStep(zoomStep(v, 1), 1), 1);
    expect(v.zoom).toBe(8);
    expect(clampZoom(3.3)).toBe(3.5);
    expect(clampZoom(0.1)).toBe(0.5);
  });

  it('keeps the point under the cursor in place while zooming', () => {
    const v = zoomTo({ zoom: 1, panX: 40, panY: 10 }, 4, [200, 100]);
    expect(screenToMap(v, [200, 100])).toEqual(screenToMap({ zoom: 1, panX: 40, panY: 10 }, [200, 100]));
    expect(mapToScreen(v, screenToMap(v, [17, 23]))).toEqual([17, 23]);
  });

  it('fits a map into a box on the zoom grid', () => {
    expect(fitView(1000, 500, 800, 600)).toEqual({ zoom: 0.5, panX: 150, panY: 175 });
    expect(fitView(200, 100, 800, 600).zoom).toBe(4);
  });
});

describe('millimetres and pixels', () => {
  it('converts robot millimetres to map pixels with origin and scale, and back', () => {
    const r = mmToPixel(config, -19_100, -20_800);
    expect(r).toEqual({ ok: true, point: [0, 972] });
    const p = mmToPixel(config, 0, 0);
    expect(p.ok && p.point.map((x) => +x.toFixed(6))).toEqual([382, 556]);
    expect(pixelToMm(config, [382, 556])).toEqual([0, 0]);
  });

  it('uses the spec fallback position when the config cannot convert', () => {
    expect(mmToPixel({ ...config, scale: 0 }, 0, 0)).toEqual({ ok: false, fallback: { longitude: 121.4737, latitude: 31.2304 } });
    expect(mmToPixel(undefined, 0, 0).ok).toBe(false);
    expect(mmToPixel(config, Number.NaN, 0).ok).toBe(false);
    expect(pixelToMm({}, [1, 1])).toBeNull();
  });
});
