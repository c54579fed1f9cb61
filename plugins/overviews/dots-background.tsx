/**
 * The overview background of spec §9: 100 animated dots on one canvas. Cheap by design: one
 * requestAnimationFrame loop, nothing drawn while the page is hidden (the loop stops and
 * resumes on visibilitychange), at most 30 frames a second, no React state per frame.
 */
import { useEffect, useRef } from 'react';
import { OVERVIEW_TEST_IDS as IDS } from './test-ids';

/** Spec §9: 100 dots. */
export const DOT_COUNT = 100;
const FRAME_MS = 1000 / 30;

interface Dot {
  x: number;
  y: number;
  vx: number;
  vy: number;
  r: number;
}

/** The dots; `data-frames` counts drawn frames (it stops growing while the page is hidden). */
export function DotsBackground() {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx) return;
    let width = 0;
    let height = 0;
    const resize = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      width = el.clientWidth;
      height = el.clientHeight;
      el.width = Math.round(width * ratio);
      el.height = Math.round(height * ratio);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    };
    resize();
    const dots: Dot[] = Array.from({ length: DOT_COUNT }, () => ({ x: Math.random() * width, y: Math.random() * height, vx: (Math.random() - 0.5) * 0.6, vy: (Math.random() - 0.5) * 0.6, r: 1 + Math.random() * 2 }));
    let frame = 0;
    let frames = 0;
    let last = 0;
    const draw = (now: number) => {
      frame = requestAnimationFrame(draw);
      if (now - last < FRAME_MS) return;
      last = now;
      ctx.clearRect(0, 0, width, height);
      ctx.fillStyle = 'rgba(96, 165, 250, 0.55)';
      ctx.beginPath();
      for (const d of dots) {
        d.x += d.vx;
        d.y += d.vy;
        if (d.x < 0 || d.x > width) d.vx = -d.vx;
        if (d.y < 0 || d.y > height) d.vy = -d.vy;
        ctx.moveTo(d.x + d.r, d.y);
        ctx.arc(d.x, d.y, d.r, 0, Math.PI * 2);
      }
      ctx.fill();
      el.dataset.frames = String(++frames);
    };
    const start = () => {
      if (!frame && !document.hidden) frame = requestAnimationFrame(draw);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
    };
    const onVisibility = () => (document.hidden ? stop() : start());
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('resize', resize);
    start();
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('resize', resize);
    };
  }, []);
  return <canvas ref={canvas} aria-hidden data-testid={IDS.dots} data-dots={DOT_COUNT} style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }} />;
}
