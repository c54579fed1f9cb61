/**
 * The demo building floor plan: a generated occupancy grid written as ROS pgm + yaml.
 * It is the product's own demo data (the real maps under shared/fixtures are for tests only).
 */

/** Map metadata as in a ROS map yaml. */
export interface MapMeta {
  image: string;
  resolution: number;
  origin: [number, number, number];
  negate: 0 | 1;
  occupied_thresh: number;
  free_thresh: number;
  width: number;
  height: number;
}

const FREE = 254;
const WALL = 0;
const UNKNOWN = 205;

/** Draws a floor plan with an outer wall, a corridor loop and rooms with doors; returns a P5 pgm and its yaml. */
export function generateFloorPlan(name: string, width = 480, height = 320, seed = 1): { pgm: Buffer; yaml: string; meta: MapMeta } {
  const px = new Uint8Array(width * height).fill(UNKNOWN);
  const rect = (x0: number, y0: number, x1: number, y1: number, v: number) => {
    for (let y = Math.max(0, y0); y < Math.min(height, y1); y++) for (let x = Math.max(0, x0); x < Math.min(width, x1); x++) px[y * width + x] = v;
  };
  const m = 20;
  rect(m, m, width - m, height - m, WALL);
  rect(m + 4, m + 4, width - m - 4, height - m - 4, FREE);
  // Rooms along the top and bottom, separated by walls, each with a door onto the corridor.
  const rooms = 4 + (seed % 2);
  const roomW = Math.floor((width - 2 * m - 8) / rooms);
  for (const [y0, y1, doorY] of [
    [m + 4, m + 90, m + 90],
    [height - m - 90, height - m - 4, height - m - 94],
  ] as const) {
    rect(m + 4, doorY, width - m - 4, doorY + 4, WALL);
    for (let i = 1; i < rooms; i++) rect(m + 4 + i * roomW, y0, m + 8 + i * roomW, y1, WALL);
    for (let i = 0; i < rooms; i++) rect(m + 4 + i * roomW + roomW / 2 - 12, doorY, m + 4 + i * roomW + roomW / 2 + 12, doorY + 4, FREE);
  }
  // A few pillars in the hall.
  for (let i = 1; i < 4; i++) rect(Math.floor((width * i) / 4) - 5, Math.floor(height / 2) - 5, Math.floor((width * i) / 4) + 5, Math.floor(height / 2) + 5, WALL);
  const header = Buffer.from(`P5\n# ${name} (Fleet Console demo)\n${width} ${height}\n255\n`, 'ascii');
  const pgm = Buffer.concat([header, Buffer.from(px)]);
  const resolution = 0.05;
  const origin: [number, number, number] = [-(width * resolution) / 2, -(height * resolution) / 2, 0];
  const meta: MapMeta = { image: `${name}.pgm`, resolution, origin, negate: 0, occupied_thresh: 0.65, free_thresh: 0.196, width, height };
  const yaml = `image: ${meta.image}\nresolution: ${resolution}\norigin: [${origin.join(', ')}]\nnegate: 0\noccupied_thresh: 0.65\nfree_thresh: 0.196\n`;
  return { pgm, yaml, meta };
}

/** A patrol loop through the hall of a generated plan, in metres in the map frame. */
export function patrolLoop(meta: MapMeta): [number, number][] {
  const { width, height, resolution, origin } = meta;
  const toM = (px: number, py: number): [number, number] => [origin[0] + px * resolution, origin[1] + (height - py) * resolution];
  const top = 130;
  const bottom = height - 130;
  return [toM(60, top), toM(width - 60, top), toM(width - 60, bottom), toM(60, bottom)];
}
