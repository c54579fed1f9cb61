#!/usr/bin/env node
// Regenerates the simulated robots' camera clips in assets/video/ (issue 22): 1280×720 views that
// look like a security/inspection robot's cameras, drawn by ffmpeg alone (lavfi sources and the
// geq/noise/vignette/drawtext filters: no footage, nothing downloaded), so anyone can make them again:
//
//   apt-get install -y ffmpeg && node scripts/make-camera-clips.mjs [outDir] [front|back|left|right|infrared|record …]
//
// (default outDir assets/video, every clip; 1–5 minutes a clip on 2 cores: geq draws every pixel.)
// PNG_AT=<seconds> writes only a still of each camera at that moment, to look at while tuning a scene.
// SUB_ONLY=1 makes only the sub streams (<camera>-sub.flv) from the main clips already in outDir
// (decoded and scaled to 640×360: seconds, no scene drawn again).
//
//   front.flv     warehouse aisle ahead, pallet racks on both sides, driving forward
//   back.flv      office corridor behind, receding
//   left.flv      the rack face across a wide aisle, passing by
//   right.flv     outdoors: the perimeter fence, the yard road and a building, passing by
//   infrared.flv  thermal view (inferno palette, ironbow-like) of a switchgear room ahead, hot terminals
//   <camera>-sub.flv  each camera's sub stream (what video-wall tiles ask for, `?stream=sub`): the
//                 same frames scaled to 640×360, ~200 kbit/s, made in the same ffmpeg run as the main clip
//   record.mp4    the robot's recording (history video, exports): the front view, 5 s, no audio
//
// Live clips: H.264 Constrained Baseline, yuv420p, 15 fps, a key frame every second (a viewer who
// joins starts within 1 s), 4 s that loop without a jump (every pattern repeats each 2.7 m, which
// the robot travels in exactly 4 s), AAC mono 22 kHz (quiet room tone and motor hum), FLV as
// server/features/video/flv.ts (FlvLoop) expects: metadata, codec configuration, then the tags. The
// OSD names the camera; no clock is baked into a loop. ffmpeg is needed only here, never to run
// or test the product: the clips are committed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'assets', 'video');
const only = process.argv.slice(3);
const W = 1280;
const H = 720;
/** The scenes are drawn at 960×540 (geq evaluates an expression per pixel: 1280×720 takes twice as long) and scaled to 720p; grain, lens and OSD are at 720p. */
const GW = 960;
const GH = 540;
const FPS = 15;
const LOOP_S = 4;
/** Every scene's patterns repeat each BAY metres, travelled in exactly one loop. */
const BAY = 2.7;
const SPEED = BAY / LOOP_S;
const font = (() => {
  try {
    return execFileSync('fc-match', ['-f', '%{file}', 'DejaVu Sans Mono:bold']).toString().trim();
  } catch {
    return '/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf';
  }
})();

// ---------------------------------------------------------------------------------------------
// geq scenes. Each scene is written once in RGB and turned into the Y, U and V expressions (BT.601
// limited range), so geq evaluates only the plane's own branch. ffmpeg expressions have ten
// registers, st(n, v) / ld(n); `if` evaluates only the chosen branch.
// ---------------------------------------------------------------------------------------------

/** An RGB triple of expressions (numbers or strings). */
const rgb = (r, g, b) => ({ r: String(r), g: String(g), b: String(b) });
const PLANES = {
  lum: (c) => `(16+0.257*(${c.r})+0.504*(${c.g})+0.098*(${c.b}))`,
  cb: (c) => `(128-0.148*(${c.r})-0.291*(${c.g})+0.439*(${c.b}))`,
  cr: (c) => `(128+0.439*(${c.r})-0.368*(${c.g})-0.071*(${c.b}))`,
};
/** A colour scaled by a shade expression. */
const shade = (c, s) => rgb(`(${c.r})*(${s})`, `(${c.g})*(${s})`, `(${c.b})*(${s})`);
/** A material per condition: [[cond, colour], …, colour]; as a nested `if` per plane. */
const pick = (cases, otherwise) => ({ cases, otherwise });
/** A pseudo-random number in 0..1 of an expression (same input, same number). */
const hash = (e, seed = 0) => `mod(abs(sin((${e})*12.9898+${seed}*78.233))*43758.5453,1)`;
const between = (e, a, b) => `between(${e},${a},${b})`;

/** A colour tree (pick or rgb) as one plane's expression. */
function planeOf(node, plane) {
  if (node.cases) {
    return node.cases.reduceRight((acc, [cond, c]) => `if(${cond},${planeOf(c, plane)},${acc})`, planeOf(node.otherwise, plane));
  }
  if (node.fog) return `(${planeOf(node.inner, plane)}*(1-(${node.fog}))+${PLANES[plane](node.fogColour)}*(${node.fog}))`;
  return PLANES[plane](node);
}
/** Applies fog (an amount expression) to a colour tree. */
const fogged = (inner, fog, fogColour) => ({ inner, fog, fogColour });

/** The geq filter of a scene: `prelude` stores the registers, `tree` is the colour. */
function geq(prelude, tree) {
  const esc = (s) => s.replace(/,/g, '\\,');
  const plane = (p) => esc(`${prelude}${planeOf(tree, p)}`);
  return `geq=lum='${plane('lum')}':cb='${plane('cb')}':cr='${plane('cr')}'`;
}

// Registers: 0 u, 1 v (ray direction: right, down, over focal length), 2 depth, 3 along (metres in
// the direction of travel, moving), 4 across (lateral metres) or height above the floor (walls),
// 5 surface, 6 side (1 right), 7-9 free.
const F = 0.55 * GW; // focal length in pixels: about 85° across, a robot's wide camera
const ray = (cy) => `st(0,(X/SW-${GW / 2})/${F});st(1,(Y/SH-${cy})/${F});st(6,gt(ld(0),0));`;

/**
 * A corridor ahead of the camera (front, back, infrared): floor, two side walls up to `top` metres
 * above the floor, a ceiling at `ceil` metres. `dir` 1 drives forward, -1 backs away (the back camera).
 */
function corridor({ camH, halfWidth, top, ceil, dir, cy }) {
  const zf = `${camH}/ld(1)`;
  const zw = `${halfWidth}/(abs(ld(0))+1e-6)`;
  const zc = `${ceil - camH}/(1e-6-ld(1))`;
  return (
    ray(cy) +
    // surface: 0 floor, 1 wall, 2 ceiling (above the wall's top)
    `st(5,if(gt(ld(1),0)*lt(${zf},${zw}),0,if(lt(-ld(1)*${zw},${top - camH}),1,2)));` +
    `st(2,if(eq(ld(5),0),${zf},if(eq(ld(5),1),${zw},${zc})));` +
    `st(3,ld(2)+${dir}*T*${SPEED});` +
    `st(4,if(eq(ld(5),1),${camH}-ld(1)*ld(2),ld(0)*ld(2)));`
  );
}
const fogOf = (dist) => `(1-exp(-ld(2)/${dist}))`;

/** Pallet racks seen on a wall plane: along = ld(3), height = ld(4), side = ld(6). Uses registers 7-9. */
function rackFace(seed) {
  const m = `mod(ld(3),${BAY})`;
  const hh = `mod(ld(4),1.35)`; // height within a level
  // 7: cell key (level, cell, side), 8: position within the cell, 9: the cell's random
  const setup = `st(7,floor(ld(4)/1.35)*5.1+floor((${m}-0.09)/0.87)*1.7+ld(6)*3.3+${seed});st(8,mod(${m}-0.09,0.87));st(9,${hash('ld(7)')})`;
  const carton = (c) => shade(c, `(0.72+0.4*${hash('ld(7)', 3)})*(0.9+0.1*(1-ld(8)/0.87))`);
  return {
    setup,
    tree: pick(
      [
        [`gt(ld(4),4.2)+lt(ld(4),0)`, rgb(38, 40, 46)],
        [`lt(${m},0.09)`, shade(rgb(40, 72, 150), `(0.8+0.2*gt(mod(ld(4),0.1),0.05))`)], // upright, punched holes
        [`lt(${hh},0.13)`, rgb(215, 105, 30)], // beam
        [`gt(ld(9),0.18)*${between('ld(8)', 0.05, 0.82)}*lt(${hh},0.2+0.75*ld(9)+0.15)`,
          pick(
            [
              [`${between('ld(8)', 0.34, 0.52)}*${between(hh, 0.32, 0.44)}`, rgb(228, 228, 218)], // label
              [`gt(ld(9),0.9)`, rgb(55, 95, 160)], // plastic tote
              [`lt(abs(ld(8)-0.43),0.012)`, shade(rgb(120, 88, 52), 0.8)], // tape
            ],
            carton(rgb(165, 122, 78)),
          )],
      ],
      rgb(22, 23, 27), // the shelf's dark depth
    ),
  };
}

/** The concrete floor of a warehouse: along ld(3), across ld(4), depth ld(2). */
function warehouseFloor(lanes = 1.2) {
  const joint = `(lt(mod(ld(3),${BAY}),0.035)+lt(mod(ld(4)+${BAY / 2},${BAY}),0.035))*max(0,1-ld(2)/9)`;
  const refl = `38*exp(-ld(4)*ld(4)*4)*pow(0.5+0.5*cos(ld(3)*${(2 * Math.PI) / BAY}),3)`;
  const g = `(110+4*sin(ld(3)*${(2 * Math.PI) / BAY}*2+ld(4)*1.7)+3*sin(ld(4)*5.1-ld(3)*${(2 * Math.PI) / BAY}*3)-45*${joint}+${refl})`;
  return pick([[`${between('abs(ld(4))', lanes - 0.05, lanes + 0.05)}`, rgb(205, 172, 40)]], rgb(g, `${g}*0.985`, `${g}*0.95`));
}

function frontScene() {
  const rack = rackFace(0);
  const prelude = corridor({ camH: 1.1, halfWidth: 1.75, top: 4.2, ceil: 8, dir: 1, cy: 0.42 * GH }) + rack.setup + ';';
  const ceiling = pick(
    [
      [`lt(abs(ld(4)),0.22)*lt(mod(ld(3),${BAY}),1.3)`, rgb(250, 250, 236)],
      [`lt(mod(ld(3),1.35),0.08)`, rgb(70, 72, 78)],
    ],
    shade(rgb(46, 48, 55), `(1+0.6*exp(-ld(4)*ld(4)*3))`),
  );
  const tree = fogged(pick([[`eq(ld(5),0)`, warehouseFloor()], [`eq(ld(5),1)`, rack.tree]], ceiling), fogOf(26), rgb(82, 86, 94));
  return geq(prelude, tree);
}

function backScene() {
  // Office corridor, 2.4 m wide, 2.8 m high; doors every bay, alternating sides; the robot backs away.
  const prelude = corridor({ camH: 0.9, halfWidth: 1.2, top: 2.8, ceil: 2.8, dir: -1, cy: 0.45 * GH }) + `st(7,mod(ld(3)+ld(6)*1.35,${BAY}));`;
  const tiles = `(lt(mod(ld(3),0.6),0.012)+lt(mod(ld(4)+0.3,0.6),0.012))*max(0,1-ld(2)/7)`;
  const refl = `55*exp(-ld(4)*ld(4)*8)*pow(0.5+0.5*cos((ld(3)-0.6)*${(2 * Math.PI) / BAY}),10)`;
  const fg = `(150+8*sin(ld(3)*${(4 * Math.PI) / BAY}+ld(4)*2)-35*${tiles}+${refl})`;
  const floor = rgb(`${fg}*0.93`, `${fg}*0.95`, fg); // cool grey vinyl
  const wall = pick(
    [
      [`lt(ld(4),0.1)`, rgb(70, 70, 74)], // skirting
      [`${between('ld(7)', 0.4, 1.35)}*lt(ld(4),2.1)`,
        pick(
          [
            [`lt(ld(7),0.46)+gt(ld(7),1.29)+gt(ld(4),2.04)`, rgb(190, 190, 186)], // frame
            [`${between('ld(7)', 1.14, 1.2)}*${between('ld(4)', 0.98, 1.04)}`, rgb(210, 210, 205)], // handle
            [`${between('ld(7)', 0.62, 0.78)}*${between('ld(4)', 1.3, 1.85)}`, rgb(150, 175, 190)], // glass
          ],
          shade(rgb(150, 108, 70), `(0.9+0.1*sin(ld(4)*40+ld(7)*3))`),
        )],
      [`(1-ld(6))*${between('ld(7)', 2.2, 2.38)}*${between('ld(4)', 0.35, 0.9)}`, rgb(185, 30, 30)], // extinguisher
      [`ld(6)*${between('ld(7)', 2.05, 2.45)}*${between('ld(4)', 1.3, 1.6)}`, rgb(215, 215, 200)], // notice
    ],
    shade(rgb(205, 202, 192), `(0.82+0.18*ld(4)/2.8)`),
  );
  const ceiling = pick(
    [
      [`lt(abs(ld(4)),0.3)*${between(`mod(ld(3),${BAY})`, 0.4, 1.6)}`, rgb(252, 252, 245)],
      [`lt(mod(ld(3),0.6),0.015)+lt(mod(ld(4)+0.3,0.6),0.015)`, rgb(170, 170, 168)],
    ],
    rgb(212, 212, 208),
  );
  const tree = fogged(pick([[`eq(ld(5),0)`, floor], [`eq(ld(5),1)`, wall]], ceiling), fogOf(30), rgb(120, 122, 125));
  return geq(prelude, tree);
}

function leftScene() {
  // Looking sideways across a 3.5 m aisle at the racks; the robot drives past them.
  const D = 3.5;
  const camH = 1.1;
  const cy = 0.46 * GH;
  const rack = rackFace(7);
  const prelude =
    ray(cy) +
    `st(6,0);st(5,if(gt(ld(1),0)*lt(${camH}/ld(1),${D}),0,1));` +
    `st(2,if(eq(ld(5),0),${camH}/ld(1),${D}));` +
    // floor: along is sideways on the screen, across is the distance from the robot
    `st(3,ld(0)*ld(2)+T*${SPEED});st(4,if(eq(ld(5),0),ld(2)-${D / 2},${camH}-ld(1)*${D}));` +
    rack.setup +
    ';';
  const floor = warehouseFloor(1.2);
  return geq(prelude, fogged(pick([[`eq(ld(5),0)`, floor]], rack.tree), `0.12`, rgb(82, 86, 94)));
}

function rightScene() {
  // Outdoors: a chain-link fence 4 m away, a grass verge, a building 14 m away, sky; driving past.
  const camH = 1.0;
  const D = 4;
  const D2 = 14;
  const cy = 0.52 * GH;
  const prelude =
    ray(cy) +
    // 2: depth of the ground where the ray meets it (∞ above the horizon), 7: height at the fence, 8: height at the building
    `st(2,if(gt(ld(1),0),${camH}/ld(1),1e9));st(7,${camH}-ld(1)*${D});st(8,${camH}-ld(1)*${D2});` +
    `st(3,ld(0)*${D}+T*${SPEED});st(9,ld(0)*${D2}+T*${SPEED});`;
  const sky = rgb(`(150+60*(Y/SH)/${GH})`, `(172+50*(Y/SH)/${GH})`, `(205+25*(Y/SH)/${GH})`);
  const bw = `mod(ld(9),${BAY})`;
  const bh = `mod(ld(8),3.2)`;
  const building = pick(
    [
      [`gt(ld(8),6.9)`, sky],
      [`gt(ld(8),6.5)`, rgb(120, 118, 112)], // parapet
      [`${between(bw, 0.65, 2.05)}*${between(bh, 0.9, 2.4)}`,
        pick([[`lt(abs(mod(ld(9),${BAY})-1.35),0.03)+lt(abs(${bh}-1.75),0.03)`, rgb(90, 92, 95)]], shade(rgb(70, 88, 110), `(0.8+0.5*(${bh}-0.9)/1.5)`))], // window, mullions
      [`lt(${bh},0.12)`, rgb(160, 156, 146)],
    ],
    shade(rgb(196, 186, 166), `(0.96+0.03*sin(ld(8)*9))`),
  );
  const groundAlong = `(ld(0)*ld(2)+T*${SPEED})`;
  const grass = shade(rgb(78, 110, 52), `(0.85+0.12*sin(${groundAlong}*${(2 * Math.PI * 7) / BAY}+ld(2)*3)*sin(${groundAlong}*${(2 * Math.PI * 3) / BAY}-ld(2)*5))`);
  const asphalt = pick(
    [[`${between('ld(2)', 3.55, 3.75)}`, rgb(200, 170, 50)]], // painted kerb
    shade(rgb(92, 94, 98), `(0.9+0.08*sin(${groundAlong}*${(2 * Math.PI * 5) / BAY}+ld(2)*7)+0.06*sin(ld(2)*23))`),
  );
  const behindFence = pick([[`lt(ld(2),${D2})`, grass], [`lt(ld(8),6.9)`, building]], sky);
  const post = `lt(mod(ld(3),${BAY}),0.07)`;
  const mesh = `(lt(mod(ld(3)+ld(7),0.14),0.014)+lt(mod(ld(3)-ld(7),0.14),0.014))`;
  const fence = pick(
    [
      [`${post}+gt(ld(7),2.12)`, shade(rgb(70, 84, 72), `(0.85+0.3*gt(mod(ld(3),${BAY}),0.035))`)],
      [`${mesh}`, rgb(150, 158, 150)],
    ],
    { inner: behindFence, fog: '0.22', fogColour: rgb(60, 66, 62) },
  );
  const tree = pick([[`lt(ld(2),${D})`, asphalt], [`${between('ld(7)', 0, 2.2)}`, fence]], behindFence);
  return geq(prelude, tree);
}

function infraredScene() {
  // A switchgear room: cabinets on both sides, hot terminals; brightness is temperature (white hot),
  // turned into the ironbow-like palette afterwards. Only the luma plane matters.
  const prelude = corridor({ camH: 1.2, halfWidth: 1.5, top: 2.3, ceil: 3.5, dir: 1, cy: 0.43 * GH }) + `st(7,mod(ld(3),0.9));st(8,floor(ld(3)/0.9)+ld(6)*7);`;
  const hot = (cx, cy2, r, amp) => `${amp}*exp(-(pow(ld(7)-${cx},2)+pow(ld(4)-${cy2},2))/${r})`;
  const k = hash('mod(ld(8),3)+ld(6)*3', 5);
  const cabinet = `if(lt(ld(7),0.03)+gt(ld(4),2.2),66,82+12*between(ld(4),0.3,1.9)+8*between(ld(4),1.95,2.1)+${hot(0.45, 1.45, 0.008, `(50+120*gt(${k},0.5))`)}+${hot(0.3, 0.8, 0.012, 32)}+${hot(0.62, 0.8, 0.012, `30*${k}`)})`;
  const g = `if(eq(ld(5),0),46+12*exp(-ld(4)*ld(4)*2)+4*sin(ld(3)*${(4 * Math.PI) / BAY}),if(eq(ld(5),1),${cabinet},if(lt(abs(ld(4)),0.25)*lt(mod(ld(3),${BAY}),1.0),150,60)))`;
  const esc = (s) => s.replace(/,/g, '\\,');
  return `geq=lum='${esc(`${prelude}min(235,${g}*(1-${fogOf(18)})+52*${fogOf(18)})`)}':cb=128:cr=128`;
}

// ---------------------------------------------------------------------------------------------
// Camera look: lens, grain, vignette, OSD.
// ---------------------------------------------------------------------------------------------

const text = (t, x, y, size = 26, extra = '') =>
  `drawtext=fontfile=${font}:text='${t}':x=${x}:y=${y}:fontsize=${size}:fontcolor=white@0.92:shadowcolor=black@0.7:shadowx=2:shadowy=2${extra}`;

/** The OSD line with the camera model and the stream's resolution (drawn at 1280×720). */
const modelLine = (res) => text(`FC-R2 ${res} 15fps`, 36, `h-56`, 22, ':fontcolor=white@0.75');

/** The OSD of a camera: channel and name, the robot's camera model, the stream's resolution; a blinking LIVE dot. */
function osd(channel, name, { rec = false, res = '1280x720' } = {}) {
  return [
    text(`CH${channel}  ${name}`, 36, 30, 30),
    modelLine(res),
    rec
      ? `drawbox=x=iw-150:y=34:w=18:h=18:color=red@0.9:t=fill,${text('REC', 'w-122', 30, 28)}`
      : `drawbox=x=iw-156:y=36:w=16:h=16:color=0x30d050@0.95:t=fill:enable='lt(mod(t,1),0.6)',${text('LIVE', 'w-130', 30, 28)}`,
  ].join(',');
}

/** The lens and sensor: slight barrel distortion, softness, vignette, fine moving grain. */
const LOOK = `lenscorrection=k1=-0.06:k2=0.005:i=bilinear,unsharp=5:5:0.4,vignette=angle=PI/4.6,noise=c0s=5:c0f=t`;

const CAMERAS = [
  { name: 'front', channel: 1, scene: frontScene, label: 'FRONT' },
  { name: 'back', channel: 2, scene: backScene, label: 'BACK' },
  { name: 'left', channel: 3, scene: leftScene, label: 'LEFT' },
  { name: 'right', channel: 4, scene: rightScene, label: 'RIGHT' },
  {
    name: 'infrared',
    channel: 5,
    scene: infraredScene,
    label: 'IR THERMAL',
    // Thermal cameras are soft; the palette turns temperature into colour; a scale bar on the right.
    look: `gblur=sigma=2.2,noise=c0s=3:c0f=t,drawbox=x=iw-58:y=140:w=22:h=440:color=black:t=fill,geq=lum='if(between(X\\,W-56\\,W-38)*between(Y\\,142\\,578)\\,16+219*(578-Y)/436\\,lum(X\\,Y))':cb=128:cr=128,pseudocolor=p=inferno,drawbox=x=iw/2-22:y=ih/2-1:w=44:h=3:color=white@0.85:t=fill,drawbox=x=iw/2-1:y=ih/2-22:w=3:h=44:color=white@0.85:t=fill,${text('60°C', 'w-118', 128, 22)},${text('20°C', 'w-118', 566, 22)}`,
  },
];

/** The camera's picture without its OSD: the scene, scaled to 720p, the lens and sensor look. */
function pictureFilter(cam) {
  return `${cam.scene()},scale=${W}:${H}:flags=lanczos,format=yuv420p,${cam.look ?? LOOK}`;
}

function videoFilter(cam, { rec = false } = {}) {
  return `${pictureFilter(cam)},${osd(cam.channel, cam.label, { rec })},format=yuv420p`;
}

const X264 = ['-c:v', 'libx264', '-preset', 'medium', '-profile:v', 'baseline', '-level', '3.1', '-pix_fmt', 'yuv420p', '-g', String(FPS), '-keyint_min', String(FPS), '-sc_threshold', '0'];
/** The sub stream (issue 22: video-wall tiles): 640×360, a quarter of the pixels, ~200 kbit/s; same frame rate, key frames and audio. */
const SUB_W = 640;
const SUB_H = 360;
const SUB_X264 = [...X264.map((a) => (a === '3.1' ? '3.0' : a)), '-b:v', '200k', '-maxrate', '260k', '-bufsize', '260k'];
const subName = (cam) => `${cam.name}-sub.flv`;

/** The camera's main clip and its sub stream, from the same frames (one ffmpeg run; the scene is drawn once). */
function make(cam) {
  const out = path.join(outDir, `${cam.name}.flv`);
  const sub = path.join(outDir, subName(cam));
  const frames = FPS * LOOP_S;
  execFileSync('ffmpeg', [
    '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `color=c=black:s=${GW}x${GH}:r=${FPS}:d=${LOOP_S}`,
    // Room tone: low brown noise and the drive's hum.
    '-f', 'lavfi', '-i', `anoisesrc=color=brown:amplitude=0.02:sample_rate=22050:seed=${cam.channel}`,
    '-f', 'lavfi', '-i', `sine=frequency=110:sample_rate=22050`,
    '-filter_complex',
    // One picture, two OSDs (each names its stream's resolution), the sub one scaled down with it.
    `[0:v]${pictureFilter(cam)},split[pm][ps];[pm]${osd(cam.channel, cam.label)},format=yuv420p[v];` +
      `[ps]${osd(cam.channel, cam.label, { res: `${SUB_W}x${SUB_H}` })},scale=${SUB_W}:${SUB_H}:flags=lanczos,format=yuv420p[sub];` +
      `[2:a]volume=0.015[hum];[1:a][hum]amix=inputs=2:normalize=0,highpass=f=60,lowpass=f=4000,asplit[a][as]`,
    '-map', '[v]', '-map', '[a]', '-frames:v', String(frames), '-t', String(LOOP_S),
    ...X264, '-b:v', '700k', '-maxrate', '900k', '-bufsize', '900k',
    '-c:a', 'aac', '-b:a', '24k', '-ac', '1',
    '-f', 'flv', out,
    '-map', '[sub]', '-map', '[as]', '-frames:v', String(frames), '-t', String(LOOP_S),
    ...SUB_X264,
    '-c:a', 'aac', '-b:a', '24k', '-ac', '1',
    '-f', 'flv', sub,
  ], { stdio: 'inherit' });
  return [out, sub];
}

/**
 * SUB_ONLY: the sub stream from the main clip already made (decoded, its OSD's resolution line
 * covered by a dark band naming the sub stream's, scaled; the audio copied).
 */
function makeSubFromMain(cam) {
  const main = path.join(outDir, `${cam.name}.flv`);
  const sub = path.join(outDir, subName(cam));
  execFileSync('ffmpeg', [
    '-loglevel', 'error', '-y', '-i', main,
    '-vf', `drawbox=x=26:y=ih-62:w=310:h=36:color=0x101010@0.92:t=fill,${modelLine(`${SUB_W}x${SUB_H}`)},scale=${SUB_W}:${SUB_H}:flags=lanczos,format=yuv420p`,
    '-map', '0:v', '-map', '0:a', '-frames:v', String(FPS * LOOP_S),
    ...SUB_X264, '-c:a', 'copy',
    '-f', 'flv', sub,
  ], { stdio: 'inherit' });
  return [sub];
}

function makeRecording() {
  const out = path.join(outDir, 'record.mp4');
  // Small: the simulated robot uploads it at 64 KB/s (server/simulator/recordings.ts), and exports wait for it.
  const secs = 5;
  execFileSync('ffmpeg', [
    '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `color=c=black:s=${GW}x${GH}:r=${FPS}:d=${secs}`,
    '-vf', videoFilter(CAMERAS[0], { rec: true }),
    '-frames:v', String(FPS * secs),
    ...X264, '-b:v', '380k', '-maxrate', '480k', '-bufsize', '480k',
    '-an', '-movflags', '+faststart', out,
  ], { stdio: 'inherit' });
  return out;
}

fs.mkdirSync(outDir, { recursive: true });
// PNG_AT=<seconds>: only a still of each camera at that moment (to look at while tuning a scene).
if (process.env.PNG_AT) {
  for (const cam of CAMERAS) {
    if (only.length && !only.includes(cam.name)) continue;
    const t = Number(process.env.PNG_AT);
    const out = path.join(outDir, `${cam.name}-${t}.png`);
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `color=c=black:s=${GW}x${GH}:r=${FPS}`, '-vf', `setpts=PTS+${t}/TB,${videoFilter(cam)}`, '-frames:v', '1', '-update', '1', out], { stdio: 'inherit' });
    console.log(out);
  }
  process.exit(0);
}
const subOnly = process.env.SUB_ONLY === '1';
for (const cam of CAMERAS) {
  if (only.length && !only.includes(cam.name)) continue;
  const t0 = Date.now();
  for (const out of subOnly ? makeSubFromMain(cam) : make(cam)) {
    console.log(`${path.relative(root, out)}  ${fs.statSync(out).size} bytes  ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
}
if (!subOnly && (!only.length || only.includes('record'))) {
  const out = makeRecording();
  console.log(`${path.relative(root, out)}  ${fs.statSync(out).size} bytes`);
}
