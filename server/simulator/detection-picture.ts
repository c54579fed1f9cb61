import { PNG } from 'pngjs';
import type { DetectionKind } from '../../common/detections';

/** Colour of the box drawn around what a kind detects (RGB). */
const KIND_COLOURS: Record<DetectionKind, [number, number, number]> = {
  face: [46, 204, 113],
  plate: [52, 152, 219],
  person: [155, 89, 182],
  event: [231, 76, 60],
  thermal: [255, 120, 0],
  temperature: [255, 64, 129],
  antiTheft: [241, 196, 15],
  idCard: [26, 188, 156],
  snap: [149, 165, 166],
  custom: [0, 150, 136],
  action: [233, 30, 99],
  x3: [121, 85, 72],
  env: [139, 195, 74],
  aiCustom: [63, 81, 181],
};

/** Picture size of a simulated detection. */
export const PICTURE_WIDTH = 160;
export const PICTURE_HEIGHT = 120;

/**
 * A small PNG a simulated camera "took": a lit scene (sky, floor, a pillar at the robot's heading)
 * with a box around the detected object in the kind's colour. Thermal kinds get a false-colour
 * palette. Deterministic for a given seed, so tests can compare pictures.
 */
export function renderDetectionPicture(kind: DetectionKind, seed: number): Buffer {
  const png = new PNG({ width: PICTURE_WIDTH, height: PICTURE_HEIGHT });
  const thermal = kind === 'thermal' || kind === 'temperature';
  let state = (seed * 2654435761) >>> 0 || 1;
  const rand = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 1000) / 1000;
  };
  const horizon = 50 + Math.floor(rand() * 20);
  const pillar = Math.floor(rand() * (PICTURE_WIDTH - 20));
  const bw = 30 + Math.floor(rand() * 30);
  const bh = 30 + Math.floor(rand() * 30);
  const bx = Math.floor(rand() * (PICTURE_WIDTH - bw));
  const by = Math.floor(20 + rand() * (PICTURE_HEIGHT - bh - 22));
  const [kr, kg, kb] = KIND_COLOURS[kind];
  for (let y = 0; y < PICTURE_HEIGHT; y++) {
    for (let x = 0; x < PICTURE_WIDTH; x++) {
      let r: number;
      let g: number;
      let b: number;
      if (y < horizon) [r, g, b] = [70 + y, 90 + y, 140 + y / 2];
      else [r, g, b] = [90 - (y - horizon) / 3, 85 - (y - horizon) / 3, 80 - (y - horizon) / 3];
      if (x >= pillar && x < pillar + 14 && y > 12) [r, g, b] = [120, 120, 125];
      const inBox = x >= bx && x < bx + bw && y >= by && y < by + bh;
      if (inBox) [r, g, b] = [r * 0.5 + kr * 0.35, g * 0.5 + kg * 0.35, b * 0.5 + kb * 0.35];
      const edge = inBox && (x - bx < 2 || bx + bw - 1 - x < 2 || y - by < 2 || by + bh - 1 - y < 2);
      if (edge) [r, g, b] = [kr, kg, kb];
      if (thermal) {
        // False colour: brightness becomes blue → red, the object hottest.
        const heat = inBox ? 0.9 : ((r + g + b) / 765) * 0.6;
        [r, g, b] = [255 * Math.min(1, heat * 1.6), 255 * Math.max(0, 1 - Math.abs(heat - 0.5) * 2), 255 * Math.max(0, 1 - heat * 1.8)];
        if (edge) [r, g, b] = [255, 255, 255];
      }
      // Sensor grain per 8×8 block (per-pixel noise would make the PNG ten times bigger).
      const noise = ((((x >> 3) * 73 + (y >> 3) * 151 + seed) % 11) - 5) * 1.2;
      const i = (y * PICTURE_WIDTH + x) * 4;
      png.data[i] = clamp(r + noise);
      png.data[i + 1] = clamp(g + noise);
      png.data[i + 2] = clamp(b + noise);
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

function clamp(v: number): number {
  return Math.max(0, Math.min(255, Math.round(v)));
}
