import { expect, test, type Browser, type Page } from './fixtures';
import { login } from './helpers';

/**
 * The console's start-up code comes in a few files (vite.config.ts startUpChunks): a generated list
 * loads the console's and the list page's start-up chunks, each once, instead of ~80 small chunks;
 * the login page loads neither. Telecontrol (the default page) loads the part it shares with the lists
 * (`shared-start`), not the lists' own. The map editor's canvas (Konva) is a chunk of its own.
 */
const scriptsOf = (page: Page) => {
  const files: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') files.push(new URL(r.url()).pathname.replace(/^\/assets\//, ''));
  });
  return files;
};

/**
 * A fresh load with an empty cache: a new context holding `page`'s session. The login page clears the
 * stored session as it mounts (spec §2), so the session goes in after that.
 */
const freshPage = async (page: Page, browser: Browser) => {
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const fresh = await context.newPage();
  await fresh.goto('/');
  await expect(fresh.getByTestId('login-submit')).toBeVisible();
  await fresh.evaluate((session) => sessionStorage.setItem('fc.session', session!), await page.evaluate(() => sessionStorage.getItem('fc.session')));
  return { context, fresh };
};

/** The id of HQFloor1, the enterprise admin's processed map (from map management). */
const hqFloor1 = async (page: Page) => {
  await login(page, 'entadmin');
  await page.goto('/home/mapManage');
  const row = page.locator('[data-testid^="map-row-"]', { hasText: 'HQFloor1' });
  return (await row.getAttribute('data-testid'))!.replace('map-row-', '');
};

/** A gate: requests wait on `held` until `release()`. */
const gate = () => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  return { held, release };
};

test('a generated list loads the start-up chunks once each, in a few files; the login page loads neither', async ({ page, browser }) => {
  const atLogin = scriptsOf(page);
  await page.goto('/');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  expect(atLogin.filter((f) => /^(console|shared|list)-start-/.test(f))).toEqual([]);
  await login(page, 'admin');

  // A fresh load of a list address, with an empty cache.
  const { context, fresh: list } = await freshPage(page, browser);
  const scripts = scriptsOf(list);
  await list.goto('/home/companyManage');
  await expect(list.locator('.ant-table-row').first()).toBeVisible();
  expect(scripts.filter((f) => f.startsWith('console-start-'))).toHaveLength(1);
  expect(scripts.filter((f) => f.startsWith('list-start-'))).toHaveLength(1);
  expect(scripts.filter((f) => f.startsWith('shared-start-'))).toHaveLength(1);
  // The pages' own modules are inside them, not files of their own.
  expect(scripts.filter((f) => /^(console-root|entity-list-page)-/.test(f))).toEqual([]);
  expect(scripts.length).toBeLessThanOrEqual(40);
  await context.close();
});

test('a list paints its frame first: the card and its title commit before the filters, the table, the menu’s items and the shell’s overlays’ code', async ({ page, browser }) => {
  await login(page, 'admin');
  const { context, fresh: list } = await freshPage(page, browser);
  // What the document holds when the list's card title first appears (a mutation observer runs after each commit).
  await list.addInitScript(() => {
    const w = window as unknown as { __firstFrame?: Record<string, number> };
    new MutationObserver((_, observer) => {
      if (!document.querySelector('.fc-shell-content .ant-card-head-title')) return;
      w.__firstFrame = {
        table: document.querySelectorAll('.fc-shell-content .ant-table').length,
        filters: document.querySelectorAll('[data-testid^="entity-filters-"]').length,
        menuItems: document.querySelectorAll('[data-testid="side-menu"] .ant-menu-item').length,
        // The code of the alarm pop-up (a shell overlay) has its imports preloaded as it is asked for.
        overlayCode: document.querySelectorAll('link[rel="modulepreload"][href*="/assets/alarm-codes-"]').length,
      };
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await list.goto('/home/companyManage');
  await expect(list.locator('.ant-table-row').first()).toBeVisible();
  await expect(list.getByTestId('menu-companyManage')).toBeVisible();
  await expect(list.getByTestId('entity-filters-company')).toBeVisible();
  expect(await list.evaluate(() => (window as unknown as { __firstFrame?: unknown }).__firstFrame)).toEqual({ table: 0, filters: 0, menuItems: 0, overlayCode: 0 });
  await expect(list.locator('link[rel="modulepreload"][href*="/assets/alarm-codes-"]')).toHaveCount(1);
  await context.close();
});

test('telecontrol loads what it shares with the lists, not the lists’ own chunk; its status panel and camera settings come as chunks of their own', async ({ page, browser }) => {
  await login(page, 'entadmin');
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const tele = await context.newPage();
  await tele.goto('/');
  await expect(tele.getByTestId('login-submit')).toBeVisible();
  await tele.evaluate((session) => {
    sessionStorage.setItem('fc.session', session!);
    localStorage.removeItem('fc.robotSelection');
  }, await page.evaluate(() => sessionStorage.getItem('fc.session')));
  const scripts = scriptsOf(tele);
  await tele.goto('/home/telecontrol');
  await expect(tele.getByText('Choose a robot in the tree to see its live status')).toBeVisible();
  expect(scripts.filter((f) => f.startsWith('console-start-'))).toHaveLength(1);
  expect(scripts.filter((f) => f.startsWith('shared-start-'))).toHaveLength(1);
  // The status panel's code is asked for once the page is idle, before any robot is chosen.
  await expect.poll(() => scripts.filter((f) => f.startsWith('robot-status-panel-')).length).toBe(1);
  await tele.getByTestId('robot-tree').getByText('PatrolA1').click();
  await expect(tele.getByTestId('control-panel')).toBeVisible();
  expect(scripts.filter((f) => /^(list-start|camera-settings-dialog)-/.test(f))).toEqual([]);
  // The camera settings dialog: asked for when its button is used.
  await tele.getByTestId('camera-settings').click();
  await expect(tele.getByTestId('camera-param-BrightnessLevel')).toBeVisible();
  expect(scripts.filter((f) => f.startsWith('camera-settings-dialog-'))).toHaveLength(1);
  await tele.keyboard.press('Escape');
  // The selection is remembered: a new load shows the robot's panel at once.
  await tele.reload();
  await expect(tele.getByTestId('control-panel')).toBeVisible();
  await expect(tele.getByText('Choose a robot in the tree to see its live status')).toHaveCount(0);
  await context.close();
});

test('the map editor shows its toolbar, elements and robots while the canvas’s code (Konva) still loads, as a chunk of its own', async ({ page }) => {
  const mapId = await hqFloor1(page);
  // The canvas's chunk is held back until the rest of the editor is on screen.
  const { held, release } = gate();
  const canvasChunks: string[] = [];
  await page.route(/\/assets\/map-canvas-[^/]+\.js$/, async (route) => {
    canvasChunks.push(route.request().url());
    await held;
    await route.continue();
  });
  await page.goto(`/home/mapEditor?mapId=${mapId}`);
  await expect(page.getByTestId('map-hint')).toBeVisible();
  await expect(page.getByTestId('map-elements')).toBeVisible();
  await expect(page.getByTestId('map-robots')).toBeVisible();
  await expect.poll(() => canvasChunks.length).toBe(1);
  await expect(page.getByTestId('map-editor-canvas').locator('canvas')).toHaveCount(0);
  release();
  await expect(page.getByTestId('map-editor-canvas').locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('map-editor-canvas')).toHaveAttribute('data-ready', '1');
});

test('the map editor shows its frame (title, toolbar and hint) while the map’s record is still on its way; save and the canvas’s code wait for it', async ({ page }) => {
  const mapId = await hqFloor1(page);
  const { held, release } = gate();
  await page.route('**/api/interface', async (route) => {
    if ((route.request().postData() ?? '').includes('"getMapById"')) await held;
    await route.continue();
  });
  const canvasChunks = scriptsOf(page);
  await page.goto(`/home/mapEditor?mapId=${mapId}`);
  await expect(page.getByTestId('map-hint')).toBeVisible();
  await expect(page.getByTestId('map-save')).toBeDisabled();
  await expect(page.getByTestId('map-elements')).toHaveCount(0);
  // The canvas's code (100 KB) is asked for with the map's picture, not before the frame.
  expect(canvasChunks.filter((f) => f.startsWith('map-canvas-'))).toEqual([]);
  release();
  await expect(page.getByTestId('map-elements')).toBeVisible();
  await expect.poll(() => canvasChunks.filter((f) => f.startsWith('map-canvas-')).length).toBe(1);
  await expect(page.getByTestId('map-save')).toBeEnabled();
  await expect(page.getByText('HQFloor1 ·')).toBeVisible();
});
