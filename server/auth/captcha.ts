import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';
import { Security } from '../../common/constants';
import type { Db } from '../store/db';

/**
 * The image is a PNG: the code is drawn with a real font, each character with its own random size, rotation, skew
 * and offset, then the characters and the noise curves crossing them are warped together by a random turbulence
 * field, and dots are strewn on top. The image sent to the browser holds only pixels: no path, glyph or text to read.
 * The SVG below is drawn on the server only (resvg, a prebuilt native renderer from npm) and never leaves it.
 */
const require = createRequire(import.meta.url);
/** Atkinson Hyperlegible Bold (SIL Open Font License): letters designed to be told apart by people with low vision. */
const FONT_FILE = require.resolve('@expo-google-fonts/atkinson-hyperlegible/700Bold/AtkinsonHyperlegible_700Bold.ttf');
const FONT_FAMILY = 'Atkinson Hyperlegible';
/** Letters and digits without look-alikes (no 0 O o Q D, 1 I l i j, 9 g q); answers ignore case. */
const CHARS = 'ABCEFGHJKLMNPRSTUVWXYZabdefhkmnprtuwxyz2345678';
const LENGTH = 4;
/** The login form shows the image in a 120×40 box; it is drawn at twice that for sharp high-DPI screens. */
const WIDTH = 120;
const HEIGHT = 40;
const SCALE = 2;

const rnd = (min: number, max: number): number => min + Math.random() * (max - min);
const n = (v: number): string => v.toFixed(1);
const colour = (lightness: number): string => `hsl(${Math.floor(rnd(0, 360))},${Math.floor(rnd(45, 80))}%,${Math.round(lightness)}%)`;

/** A new answer: uniform over CHARS from the CSPRNG (the drawing's jitter may use Math.random, the answer may not). */
export function randomCode(): string {
  let text = '';
  for (let i = 0; i < LENGTH; i++) text += CHARS[crypto.randomInt(CHARS.length)];
  return text;
}

/** Draws `text` (letters and digits of CHARS) as a noisy, warped PNG of 240×80 pixels. */
export async function drawCode(text: string): Promise<Buffer> {
  if (!/^[A-Za-z0-9]+$/.test(text)) throw new Error('drawCode: letters and digits only');
  const glyphColours: string[] = [];
  const glyphs: string[] = [];
  const step = (WIDTH - 20) / text.length;
  let x = 10 + step / 2 + rnd(-3, 3);
  for (const ch of text) {
    const size = rnd(26, 31);
    const fill = colour(rnd(20, 38));
    glyphColours.push(fill);
    // Rotated about its own middle: translate to the centre, then the baseline sits half a cap height below it.
    glyphs.push(
      `<text transform="translate(${n(x)} ${n(HEIGHT / 2 + rnd(-3, 3))}) rotate(${n(rnd(-25, 25))}) skewX(${n(rnd(-14, 14))})"` +
        ` font-size="${n(size)}" fill="${fill}" text-anchor="middle" y="${n(size * 0.34)}">${ch}</text>`,
    );
    x += step + rnd(-3, 1);
  }
  const curves: string[] = [];
  for (let i = 0; i < 3; i++) {
    // One curve in a character's own colour, so colour alone does not tell noise from code.
    const stroke = i === 0 ? glyphColours[Math.floor(rnd(0, glyphColours.length))]! : colour(rnd(30, 50));
    curves.push(
      `<path d="M${n(rnd(0, 10))} ${n(rnd(6, HEIGHT - 6))} C${n(rnd(20, 50))} ${n(rnd(-10, HEIGHT + 10))} ${n(rnd(60, 100))} ${n(rnd(-10, HEIGHT + 10))} ${n(rnd(110, WIDTH))} ${n(rnd(6, HEIGHT - 6))}"` +
        ` stroke="${stroke}" stroke-width="${n(rnd(0.9, 1.6))}" fill="none"/>`,
    );
  }
  const dots: string[] = [];
  for (let i = 0; i < 20; i++) dots.push(`<circle cx="${n(rnd(0, WIDTH))}" cy="${n(rnd(0, HEIGHT))}" r="${n(rnd(0.5, 1.3))}" fill="${colour(rnd(30, 70))}"/>`);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<defs><filter id="warp" x="0" y="0" width="100%" height="100%">` +
    `<feTurbulence type="fractalNoise" baseFrequency="${rnd(0.02, 0.035).toFixed(3)} ${rnd(0.03, 0.05).toFixed(3)}" numOctaves="2" seed="${crypto.randomInt(1_000_000)}"/>` +
    `<feDisplacementMap in="SourceGraphic" scale="${n(rnd(6, 9))}" xChannelSelector="R" yChannelSelector="G"/></filter></defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${colour(rnd(93, 97))}"/>` +
    `<g filter="url(#warp)" font-family="${FONT_FAMILY}" font-weight="700">${glyphs.join('')}${curves.join('')}</g>${dots.join('')}</svg>`;
  // On the libuv thread pool, not the event loop.
  const image = await renderAsync(svg, {
    font: { fontFiles: [FONT_FILE], loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
    fitTo: { mode: 'width', value: WIDTH * SCALE },
  });
  return image.asPng();
}

/** Image verification codes: single use, expire after 5 minutes, kept in the database so replicas share them. */
export class CaptchaStore {
  constructor(private readonly db: Db) {}

  async issue(): Promise<{ codeId: string; image: string }> {
    const text = randomCode();
    const png = await drawCode(text);
    const codeId = crypto.randomBytes(16).toString('hex');
    await this.db.query('DELETE FROM captchas WHERE expires_at < now()');
    await this.db.query('INSERT INTO captchas (id, answer, expires_at) VALUES ($1, $2, $3)', [
      codeId,
      text.toLowerCase(),
      new Date(Date.now() + Security.verificationCodeTtlMs),
    ]);
    return { codeId, image: `data:image/png;base64,${png.toString('base64')}` };
  }

  /** Checks and consumes a code: right or wrong, it cannot be used again. */
  async consume(codeId: string, code: string): Promise<boolean> {
    const rows = await this.db.query<{ answer: string; expires_at: Date }>('DELETE FROM captchas WHERE id = $1 RETURNING answer, expires_at', [codeId]);
    const row = rows[0];
    return !!row && new Date(row.expires_at).getTime() > Date.now() && row.answer === code.trim().toLowerCase();
  }
}
