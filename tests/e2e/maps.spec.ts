import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './fixtures';
import { mapFixturesDir } from '../helpers/map-fixtures';
import { callEvent, chooseOption, login, tokenOf } from './helpers';

/** Real ROS maps, read from the shared fixtures folder (never copied into the repository). */
const FIXTURES = mapFixturesDir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'));

/** A screen point of the editor canvas, relative to its centre, measured afresh (a tool's hint may wrap and move the canvas). */
async function canvasPoint(page: Page, dx: number, dy: number): Promise<[number, number]> {
  const box = (await page.getByTestId('map-editor-canvas').boundingBox())!;
  return [box.x + box.width / 2 + dx, box.y + box.height / 2 + dy];
}

/** Clicks a point of the editor canvas, relative to its centre. */
async function clickCanvas(page: Page, dx: number, dy: number) {
  await page.mouse.click(...(await canvasPoint(page, dx, dy)));
}

/** Opens a map of map management's list in the editor; returns its id. */
async function openInEditor(page: Page, mapName: string): Promise<string> {
  await page.goto('/home/mapManage');
  const row = page.locator('[data-testid^="map-row-"]', { hasText: mapName });
  const mapId = (await row.getAttribute('data-testid'))!.replace('map-row-', '');
  await page.goto(`/home/mapEditor?mapId=${mapId}`);
  return mapId;
}

test('upload a fixture map, watch it process, draw zones, a route and a charging pile, save and find them again', async ({ page }) => {
  await login(page, 'entadmin');
  await page.goto('/home/mapManage');
  await expect(page.getByTestId('map-manage')).toBeVisible();

  // A building first: every map belongs to a building floor.
  await page.getByRole('tab', { name: 'Buildings' }).click();
  await page.getByTestId('building-add').click();
  await page.getByTestId('building-name').fill('E2E Tower');
  await page.getByTestId('building-region').fill('Harbor');
  await page.getByTestId('building-dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('building-table')).toContainText('E2E Tower');

  // Upload pgm + yaml with progress; processing progress arrives live and ends ready.
  await page.getByRole('tab', { name: 'Maps' }).click();
  await page.getByTestId('map-upload').click();
  const dialog = page.getByTestId('map-upload-dialog');
  await dialog.getByTestId('map-upload-name').fill('FixtureDepot');
  await dialog.getByTestId('map-upload-building').click();
  await page.getByTitle('Harbor / E2E Tower').click();
  await dialog.getByTestId('map-upload-submit').click();
  await expect(dialog.getByText('Choose the pgm file')).toBeVisible();
  await dialog.getByTestId('map-upload-pgm').locator('input[type=file]').setInputFiles(path.join(FIXTURES, 'nav2-depot', 'depot.pgm'));
  await dialog.getByTestId('map-upload-yaml').locator('input[type=file]').setInputFiles(path.join(FIXTURES, 'nav2-depot', 'depot.yaml'));
  await dialog.getByTestId('map-upload-submit').click();
  await expect(page.getByText('Uploaded: the map is being processed')).toBeVisible();
  await expect(page.getByText('"FixtureDepot" is ready')).toBeVisible({ timeout: 30_000 });
  const row = page.locator('[data-testid^="map-row-"]', { hasText: 'FixtureDepot' });
  const mapId = (await row.getAttribute('data-testid'))!.replace('map-row-', '');
  await expect(page.getByTestId(`map-state-${mapId}`)).toHaveAttribute('data-state', 'done');
  await expect(row).toContainText('604 × 307 px · 0.05 m/px');

  // A file downloads by a short-lived signed link: no token in its URL.
  await page.getByTestId(`map-download-${mapId}`).hover();
  const download = page.waitForEvent('download');
  await page.getByText('Map description (.yaml)').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('FixtureDepot.yaml');
  expect(file.url()).toMatch(new RegExp(`/robot/map/download/${mapId}\\?file=yaml&exp=\\d+&sig=[\\w-]{43}$`));
  expect(fs.readFileSync((await file.path())!, 'utf8')).toBe(fs.readFileSync(path.join(FIXTURES, 'nav2-depot', 'depot.yaml'), 'utf8'));

  // Open it in the editor: the map picture loads as the background, fetched with the token header (not in its URL).
  const picture = page.waitForResponse((r) => r.url().includes(`/robot/map/image/${mapId}`));
  await page.getByTestId(`map-edit-${mapId}`).click();
  await expect(page).toHaveURL(new RegExp(`/home/mapEditor\\?mapId=${mapId}`));
  await expect(page.getByTestId('map-editor')).toContainText('FixtureDepot');
  const pictureAnswer = await picture;
  expect(pictureAnswer.status()).toBe(200);
  expect(pictureAnswer.url()).not.toContain('token');
  expect(await pictureAnswer.request().headerValue('token')).toMatch(/^[\w-]{43}$/);
  // …and is drawn (Konva's stage holds it at the map's size).
  await expect
    .poll(() => page.evaluate(() => ((window as any).Konva?.stages ?? []).some((st: any) => st.find('Image').some((n: any) => n.width() === 604 && n.image()?.naturalWidth === 604))))
    .toBe(true);

  // A forbidden zone of three points.
  await page.getByTestId('map-tool-forbidden').click();
  await clickCanvas(page, -60, -40);
  await clickCanvas(page, 0, -40);
  await clickCanvas(page, 0, 10);
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid^="map-element-"][data-kind="110"]')).toHaveCount(1);

  // A second one crossing it is refused with the spec's message, and nothing is added.
  await clickCanvas(page, -30, -20);
  await clickCanvas(page, 30, -20);
  await clickCanvas(page, 30, 30);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('map-editor-notice')).toContainText('Forbidden zones and polygons must not cross: "specialArea-2" crosses "specialArea-1"');
  await expect(page.locator('[data-testid^="map-element-"][data-kind="110"]')).toHaveCount(1);

  // A route of two points and a charging pile.
  await page.getByTestId('map-tool-route').click();
  await clickCanvas(page, 40, 40);
  await clickCanvas(page, 90, 40);
  await page.keyboard.press('Enter');
  await page.getByTestId('map-tool-charge').click();
  await clickCanvas(page, 60, 70);
  await expect(page.locator('[data-testid^="map-element-"][data-kind]')).toHaveCount(3);
  await page.getByTestId('map-charge-enabled').click();

  // Undo and redo the pile's switch, then save.
  await page.getByTestId('map-undo').click();
  await expect(page.getByTestId('map-charge-enabled')).not.toBeChecked();
  await page.getByTestId('map-redo').click();
  await expect(page.getByTestId('map-charge-enabled')).toBeChecked();
  await expect(page.getByTestId('map-dirty')).toBeVisible();
  await page.getByTestId('map-save').click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(page.getByTestId('map-dirty')).toHaveCount(0);

  // Saving again unchanged is refused.
  await page.getByTestId('map-save').click();
  await expect(page.getByTestId('map-editor-notice')).toContainText('Nothing has changed: the drawing cannot be submitted');

  // Copy pathways: not onto the same map; onto another map of the company, yes.
  await page.getByTestId('map-copy-pathways').click();
  const copy = page.getByTestId('map-copy-dialog');
  await chooseOption(page, copy.locator('.ant-select'), 'FixtureDepot', { exact: false });
  await copy.getByRole('button', { name: 'Copy routes to…' }).click();
  await expect(copy).toContainText('The copy source and target cannot be the same');
  await chooseOption(page, copy.locator('.ant-select'), 'HQFloor1', { exact: false });
  await copy.getByRole('button', { name: 'Copy routes to…' }).click();
  await expect(page.getByText('1 route copied')).toBeVisible();

  // Reload: the zone, the route and the enabled pile are there.
  await page.reload();
  await expect(page.locator('[data-testid^="map-element-"][data-kind="110"]')).toHaveCount(1);
  await expect(page.locator('[data-testid^="map-element-"][data-kind="101"]')).toHaveCount(1);
  await expect(page.locator('[data-testid^="map-element-"][data-kind="102"]')).toContainText('Enabled');

  // A point of interest: a capture action needs a count of at least 1 (spec §5).
  await page.getByTestId('map-tool-point').click();
  await chooseOption(page, page.getByTestId('map-point-kind'), 'Point of interest', { exact: false });
  await clickCanvas(page, -100, 60);
  const poi = page.getByTestId('map-poi');
  await poi.getByTestId('map-poi-add-action').click();
  await chooseOption(page, poi.getByTestId('map-poi-field-action').last(), 'Capture', { exact: false });
  await poi.getByPlaceholder('Count').fill('0');
  await poi.getByTestId('map-poi-apply').click();
  await expect(page.getByTestId('map-editor-notice')).toContainText('The capture count must be at least 1');
  await poi.getByPlaceholder('Count').fill('2');
  await poi.getByTestId('map-poi-apply').click();
  await expect(page.getByTestId('map-editor-notice')).toHaveCount(0);

  // A camera preset: digits only, 2, 45 and 49 reserved.
  await poi.getByTestId('map-poi-add-action').click();
  await chooseOption(page, poi.getByTestId('map-poi-field-action').last(), 'Camera preset', { exact: false });
  await poi.getByTestId('map-poi-preset').fill('45');
  await poi.getByTestId('map-poi-apply').click();
  await expect(page.getByTestId('map-editor-notice')).toContainText('Presets 2, 45 and 49 are reserved');
  await poi.getByTestId('map-poi-preset').fill('7');
  await poi.getByTestId('map-poi-apply').click();
  await expect(page.getByTestId('map-editor-notice')).toHaveCount(0);

  // A picture over 512 KB is refused before it is uploaded; a small png is uploaded and shown.
  await poi.locator('input[type=file]').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(600 * 1024, 1) });
  await expect(page.getByTestId('map-editor-notice')).toContainText('A picture must be at most 512 KB');
  await expect(poi.getByTestId('map-poi-pictures')).toHaveCount(0);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  await poi.locator('input[type=file]').setInputFiles({ name: 'lobby.png', mimeType: 'image/png', buffer: png });
  await expect(poi.getByTestId('map-poi-pictures').locator('img')).toHaveCount(1);

  // An explanation point needs an explanation task of 2 to 14 points.
  await chooseOption(page, poi.getByTestId('map-poi-type'), 'Explanation', { exact: false });
  await poi.getByTestId('map-poi-apply').click();
  await expect(page.getByTestId('map-editor-notice')).toContainText('An explanation task needs at least 2 points');
});

test('a transport kind and point-of-interest fields are saved and found again', async ({ page }) => {
  // ColdStoreA: a demo map no other test draws on.
  await login(page, 'admin');
  await openInEditor(page, 'ColdStoreA');
  await expect(page.getByTestId('map-editor-canvas')).toHaveAttribute('data-ready', '1');

  // A transport point made a ramp, and a point of interest with a dwell time and a phone.
  await page.getByTestId('map-tool-point').click();
  await chooseOption(page, page.getByTestId('map-point-kind'), 'Transport point', { exact: false });
  await clickCanvas(page, -120, 60);
  await chooseOption(page, page.getByTestId('map-transport-kind'), 'Ramp');
  await chooseOption(page, page.getByTestId('map-point-kind'), 'Point of interest', { exact: false });
  await clickCanvas(page, 120, 60);
  const poi = page.getByTestId('map-poi');
  await poi.getByTestId('map-poi-field-dwell').fill('12');
  await poi.getByTestId('map-poi-field-phone').fill('12345');
  await poi.getByTestId('map-poi-apply').click();
  await expect(page.getByTestId('map-editor-notice')).toContainText('Mobile phone number entered incorrectly');
  await poi.getByTestId('map-poi-field-phone').fill('13812345678');
  await poi.getByTestId('map-poi-apply').click();
  await expect(page.getByTestId('map-editor-notice')).toHaveCount(0);
  await page.getByTestId('map-save').click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  // Reload: both are there with their fields.
  await page.reload();
  await page.locator('[data-testid^="map-element-"][data-kind="109"]').click();
  await expect(page.getByTestId('map-transport-kind')).toContainText('Ramp');
  await page.locator('[data-testid^="map-element-"][data-kind="107"]').click();
  await expect(page.getByTestId('map-poi-field-dwell')).toHaveValue('12');
  await expect(page.getByTestId('map-poi-field-phone')).toHaveValue('13812345678');
});

test('pan and zoom follow the pointer: a click right after a wheel or a drag lands where the user sees it', async ({ page }) => {
  await login(page, 'entadmin');
  await openInEditor(page, 'HQFloor1');
  await expect(page.getByTestId('map-editor-canvas')).toHaveAttribute('data-ready', '1');
  const props = page.getByTestId('map-element-props').getByTestId('map-element-name');

  // A charging pile right of the centre; then nothing is chosen.
  await page.getByTestId('map-tool-charge').click();
  await clickCanvas(page, 120, 60);
  await expect(props).toHaveValue(/chargePosition/);
  await page.getByTestId('map-tool-select').click();
  const pile = await canvasPoint(page, 120, 60);
  const empty = await canvasPoint(page, -200, -150);
  await page.mouse.click(...empty);
  await expect(props).toHaveCount(0);

  // Two wheel steps about the pile keep it under the pointer; clicked at once (the view is still a preview), it is chosen.
  await page.mouse.move(...pile);
  await page.mouse.wheel(0, -120);
  await page.mouse.wheel(0, -120);
  await page.mouse.click(...pile);
  await expect(props).toHaveValue(/chargePosition/);
  await expect(page.getByTestId('map-zoom')).not.toHaveText('1.0×');
  await page.mouse.click(...empty);
  await expect(props).toHaveCount(0);

  // A right-button drag moves the pile with the pointer; clicked where it went, it is chosen.
  await page.mouse.move(...pile);
  await page.mouse.down({ button: 'right' });
  for (let i = 1; i <= 10; i++) await page.mouse.move(pile[0] - i * 15, pile[1] - i * 8);
  await page.mouse.up({ button: 'right' });
  await page.mouse.click(pile[0] - 150, pile[1] - 80);
  await expect(props).toHaveValue(/chargePosition/);
});

test('robots on a demo map are shown live from the realtime link', async ({ page }) => {
  await login(page, 'entadmin');
  await openInEditor(page, 'HQFloor1');
  const robot = page.getByTestId('map-robot-01WR000001');
  await expect(robot).toHaveAttribute('data-x', /\d/);
  // Every robot on the map, by its place: the simulator drives them round their loops. One robot alone
  // may stand at its charger for most of a minute late in a long run (battery below 25 %), so any one moving will do.
  const places = () => page.locator('[data-testid^="map-robot-"]').evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-testid')}@${r.getAttribute('data-x')},${r.getAttribute('data-y')}`).join(' '));
  const first = await places();
  expect(first.split(' ').length).toBeGreaterThan(1);
  await expect.poll(places, { timeout: 40_000 }).not.toBe(first);
});

test('a patrol task on a drawn route: run now, and the simulated robot moves along it on the map', async ({ page }) => {
  await login(page, 'entadmin');
  // Draw a horizontal route across the hall and save it.
  const mapId = await openInEditor(page, 'HQFloor2');
  await expect(page.getByTestId('map-editor-canvas')).toHaveAttribute('data-ready', '1');
  await page.getByTestId('map-tool-route').click();
  await clickCanvas(page, -150, 0);
  await clickCanvas(page, 150, 0);
  await page.keyboard.press('Enter');
  await page.getByTestId('map-element-props').getByTestId('map-element-name').fill('Hall');
  await page.getByTestId('map-element-props').getByTestId('map-element-name').press('Enter');
  await page.getByTestId('map-save').click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  // The generated navigation screen: create the task with its pickers, then run it now.
  await page.goto('/home/navigation');
  await page.getByTestId('entity-create-navigation-task').click();
  const form = page.getByTestId('entity-form-navigation-task');
  await form.getByLabel('Task name').fill('HallRound');
  await chooseOption(page, form.locator('#root_robotId'), 'FireGuard1');
  await chooseOption(page, form.locator('#root_mapId'), 'HQFloor2');
  // The route is a choice among the chosen map's routes.
  await chooseOption(page, form.locator('#root_routeName'), 'Hall', { exact: false });
  await page.getByTestId('entity-submit-navigation-task').click();
  await expect(form).toBeHidden();
  const row = page.getByTestId('entity-table-navigation-task').locator('tr', { hasText: 'HallRound' });
  await expect(row).toContainText('Stopped');
  await row.getByTestId('row-action-naviRunNow').click();
  await expect(row).toContainText('Running');
  // Its progress: lap 1 of 1 and the route point reached.
  await expect(row.getByTestId('navi-progress')).toContainText('Lap 1/1');

  // On the map, the robot sits on the route's line and moves along it.
  await page.goto(`/home/mapEditor?mapId=${mapId}`);
  const robot = page.getByTestId('map-robot-02WF000001');
  await expect(robot).toHaveAttribute('data-x', /\d/);
  const y = await robot.getAttribute('data-y');
  const x = await robot.getAttribute('data-x');
  await expect.poll(async () => robot.getAttribute('data-x'), { timeout: 20_000 }).not.toBe(x);
  expect(await robot.getAttribute('data-y')).toBe(y);

  // The robot drives its one lap to the route's end: the task finishes (pushed to the open list).
  await page.goto('/home/navigation');
  const done = page.getByTestId('entity-table-navigation-task').locator('tr', { hasText: 'HallRound' });
  await expect(done).toContainText('Finished', { timeout: 60_000 });
  await expect(done.getByTestId('navi-progress')).toHaveText('1 of 1 laps');
});

test('a map still being processed opens in the editor as its progress, and the editor appears by itself once it is done', async ({ page }) => {
  await login(page, 'entadmin');
  const token = await tokenOf(page, 'entadmin');
  const building = await callEvent(page, 'addBuilding', { name: 'E2EOffice', regionName: 'Harbor', floors: 1 }, token);
  expect(building.statusCode).toBe(200);
  // A large real map with the deepest tile pyramid (10 layers): processing takes a while.
  const dir = path.join(FIXTURES, 'pal-office-7th-floor');
  const up = await page.request.post('/robot/map/upload', {
    headers: { token },
    multipart: {
      data: JSON.stringify({ mapName: 'E2EOffice7', buildingId: building.param.id, floor: 1, mapType: 1, layer: 10 }),
      pgm: { name: 'map.pgm', mimeType: 'application/octet-stream', buffer: fs.readFileSync(path.join(dir, 'map.pgm')) },
      yaml: { name: 'map.yaml', mimeType: 'application/x-yaml', buffer: fs.readFileSync(path.join(dir, 'map.yaml')) },
    },
  });
  const mapId = ((await up.json()) as { data: { mapId: number } }).data.mapId;
  await page.goto(`/home/mapEditor?mapId=${mapId}`);
  await expect(page.getByTestId('map-editor-not-ready')).toContainText('This map is still being processed');
  await expect(page.getByTestId('map-editor-not-ready-progress')).toBeVisible();
  // No reload: the processing push opens the editor with the map's picture.
  await expect(page.getByTestId('map-editor')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('map-editor-canvas')).toBeVisible();
});
