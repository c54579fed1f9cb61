import { expect, test } from './fixtures';
import { login } from './helpers';

// A wall is watched on a large screen: all 16 tiles in view (off-screen tiles pause by design).
test.use({ viewport: { width: 1600, height: 1100 } });

test('video wall: starts by itself in the 4-tile layout, tiles play, a camera is never shown twice, 16 tiles play', async ({ page }) => {
  // Every camera of the page rides one shared video socket (/live-mux), never a socket each.
  const sockets: string[] = [];
  // No token in a socket's URL: each socket's first frame carries it (docs/protocol.md §4).
  const urls: string[] = [];
  const firstFrames: string[] = [];
  // The live paths the tiles open over the shared socket.
  const opened: string[] = [];
  page.on('websocket', (ws) => {
    sockets.push(new URL(ws.url()).pathname);
    urls.push(ws.url());
    ws.once('framesent', (f) => firstFrames.push(String(f.payload)));
    ws.on('framesent', (f) => {
      const m = typeof f.payload === 'string' && f.payload.includes('"open"') ? (JSON.parse(f.payload) as { type: string; path?: string }) : null;
      if (m?.type === 'open' && m.path) opened.push(m.path);
    });
  });
  await login(page, 'operator');
  await page.goto('/home/videoPandect');
  await page.getByTestId('video-wall-layout').getByText('4 tiles').click();
  const tiles = page.locator('[data-testid^="video-wall-tile-"][data-state]');
  await expect(tiles).toHaveCount(4);
  // At least two tiles play (currentTime advancing), with no click on any tile.
  await expect.poll(async () => page.locator('[data-testid^="video-wall-tile-"][data-state="playing"]').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  const video = page.getByTestId('video-wall-player-0-video');
  const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(t0 + 1);
  // Issue 22: the tiles play the cameras' 640×360 sub streams.
  await expect(page.getByTestId('video-wall-tile-0')).toHaveAttribute('data-stream', 'sub');
  expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([640, 360]);
  // Frame statistics are off by default and shown by the switch.
  await expect(page.getByTestId('video-wall-tile-stats-0')).toHaveCount(0);
  await page.getByTestId('video-wall-stats-toggle').click();
  await expect(page.getByTestId('video-wall-tile-stats-0')).toContainText('first frame');
  await page.getByTestId('video-wall-stats-toggle').click();
  await expect(page.getByTestId('video-wall-tile-stats-0')).toHaveCount(0);

  // Choosing tile 0's camera for tile 1 moves it: the camera is offered once only.
  const first = await page.getByTestId('video-wall-tile-camera-0').textContent();
  await page.getByTestId('video-wall-tile-camera-1').click();
  await expect(page.locator('.ant-select-item-option-disabled').filter({ hasText: first! })).toHaveCount(1);
  await page.keyboard.press('Escape');

  await page.getByTestId('video-wall-layout').getByText('16 tiles').click();
  await expect(tiles).toHaveCount(16);
  await expect.poll(async () => page.locator('[data-testid^="video-wall-tile-"][data-state="playing"]').count(), { timeout: 30_000 }).toBe(16);
  expect(sockets.filter((p) => p.startsWith('/live/'))).toEqual([]);
  expect(sockets.filter((p) => p === '/live-mux')).toHaveLength(1);
  expect(opened.length).toBeGreaterThanOrEqual(16);
  for (const p of opened) expect(p).toMatch(/^\/live\/[^/]+\/[^/?]+\?stream=sub$/);
  expect(urls.filter((u) => u.includes('token'))).toEqual([]);
  expect(firstFrames.length).toBeGreaterThanOrEqual(2);
  for (const f of firstFrames) expect(JSON.parse(f)).toEqual({ type: 'auth', token: expect.stringMatching(/^[\w-]{43}$/) });

  // A tile scrolled out of view pauses (its player destroyed) and plays again when back.
  await page.setViewportSize({ width: 1600, height: 500 });
  await expect(page.getByTestId('video-wall-tile-15')).toHaveAttribute('data-state', 'paused');
  await page.getByTestId('video-wall-tile-15').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('video-wall-tile-15')).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });

  // Leaving the page destroys every player (no video element remains).
  await page.goto('/home/telecontrol');
  await expect(page.locator('[data-testid^="video-wall-player-"]')).toHaveCount(0);
});

test('video wall: one camera filling the wall plays its main stream (1280×720), a wall of four the sub streams (640×360)', async ({ page }) => {
  await login(page, 'operator');
  await page.goto('/home/videoPandect');
  await page.getByTestId('video-wall-layout').getByText('1 tile', { exact: true }).click();
  const tile = page.getByTestId('video-wall-tile-0');
  const video = page.getByTestId('video-wall-player-0-video');
  await expect(tile).toHaveAttribute('data-stream', 'main');
  await expect(tile).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([1280, 720]);
  await page.getByTestId('video-wall-layout').getByText('4 tiles').click();
  await expect(tile).toHaveAttribute('data-stream', 'sub');
  await expect(tile).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 10_000 }).toBe(640);
});

test('video wall: the full-page overview /videoPandect starts too', async ({ page }) => {
  await login(page, 'operator');
  await page.goto('/videoPandect');
  await expect(page.getByTestId('video-wall')).toBeVisible();
  await expect.poll(async () => page.locator('[data-testid^="video-wall-tile-"][data-state="playing"]').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
});

test('video wall: a stored wall asks for all its stream addresses in one call; a camera of an offline robot says so in its tile without making its row higher; the others play', async ({ page }) => {
  await login(page, 'operator');
  const cameras = [{ robotId: '01WR000001', cameraId: 0 }, { robotId: '03WS000001', cameraId: 0 }, { robotId: '01WR000002', cameraId: 1 }, null];
  await page.evaluate((tiles) => localStorage.setItem('fc.videoWall', JSON.stringify({ layout: 4, tiles })), cameras);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (!r.url().endsWith('/api/interface')) return;
    const event = (r.postDataJSON() as { event?: string }).event ?? '';
    if (event.startsWith('reqVideoStream')) asked.push(event);
  });
  await page.goto('/videoPandect');
  // 03WS000001 (a static robot) is offline in the demo: its tile shows the server's refusal.
  await expect(page.getByTestId('video-wall-tile-1')).toContainText('Robot not online');
  await expect(page.getByTestId('video-wall-tile-0')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await expect(page.getByTestId('video-wall-tile-2')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await expect(page.getByTestId('video-wall-tile-3')).toContainText('Choose a camera');
  expect(asked).toEqual(['reqVideoStreams']);
  // The refusal lies over the player: its row (tiles 0, 1) is as high as the next one (2, 3).
  const heights = await Promise.all([1, 2].map((i) => page.getByTestId(`video-wall-tile-${i}`).boundingBox().then((b) => b?.height)));
  expect(heights[0]).toBe(heights[1]);
});
