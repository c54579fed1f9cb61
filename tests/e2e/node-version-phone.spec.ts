import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { craftZip } from '../helpers/crafted-zip';
import { callEvent, login, tokenOf } from './helpers';

/** A robot no other e2e test upgrades. */
const ROBOT = '04WR000003';

test('nodeVersion: an outdated node service is marked, its upgrade shows its stages live to done, a cancel while running is refused with the spec message, a program is uploaded and deleted', async ({ page }) => {
  test.setTimeout(150_000);
  // versionManage knows a newer navigation than the robot runs.
  const token = await tokenOf(page, 'admin');
  expect((await callEvent(page, 'addVersionInfo', { projectName: 'navigation', version: '3.2.0', type: 'software' }, token)).statusCode).toBe(200);
  await login(page, 'admin');
  await page.goto('/home/nodeVersion');
  await expect(page.getByTestId('node-version-page')).toBeVisible();
  await page.getByTestId(`node-version-robot-${ROBOT}`).click();
  await expect(page.getByTestId('node-version-robot-title')).toHaveText('EastPatrol');
  const software = page.getByTestId('node-version-software');
  await expect(software.getByText('robot-core')).toBeVisible({ timeout: 20_000 });

  await expect(page.getByTestId('node-version-outdated-navigation')).toHaveText('Outdated');
  await expect(software.locator('tr', { hasText: 'navigation' })).toHaveClass(/node-version-outdated/);
  await page.getByTestId('node-version-upgrade-navigation').click();
  // The dialog offers the latest version of versionManage.
  await expect(page.getByTestId('node-version-upgrade-version')).toHaveValue('3.2.0');
  await page.getByTestId('node-version-upgrade-ok').click();
  const job = page.getByTestId('node-version-job');
  await expect(job).toHaveAttribute('data-state', 'running');
  // Spec §8: a running upgrade cannot be cancelled.
  await page.getByTestId('node-version-cancel').click();
  await expect(page.locator('.ant-message')).toContainText('Upgrade running cannot be cancelled');
  // The stages arrive live (robotJob pushes): each is seen on the way to done.
  const seen = new Set<string>();
  for (let i = 0; i < 120 && (await job.getAttribute('data-state')) === 'running'; i++) {
    seen.add((await job.getAttribute('data-stage')) ?? '');
    await page.waitForTimeout(250);
  }
  await expect(job).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  expect([...seen].filter((s) => ['download', 'unpack', 'install', 'restart'].includes(s)).length).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('node-version-job-state')).toHaveText('Done');
  await expect(software.locator('tr', { hasText: 'navigation' })).toContainText('Up to date', { timeout: 20_000 });
  await expect(page.getByTestId('node-version-outdated-navigation')).toHaveCount(0);

  // A program on the large-file address, with progress, then in the programs list; deleted after confirmation.
  await page.getByRole('tab', { name: 'Programs' }).click();
  await page.getByTestId('node-version-program-upload').click();
  await page.getByTestId('node-version-program-name').fill('lift-moves');
  await page.getByTestId('node-version-program-version').fill('1.0.1');
  await page.locator('.ant-modal input[type="file"]').setInputFiles({ name: 'lift-moves.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(2 * 1024 * 1024, 5) });
  await page.getByTestId('node-version-program-upload-ok').click();
  const programs = page.getByTestId('node-version-programs');
  await expect(programs.locator('tr', { hasText: 'lift-moves' })).toContainText('On server', { timeout: 20_000 });
  await page.getByTestId('node-version-delete-lift-moves').click();
  await page.getByTestId('node-version-confirm-ok').click();
  await expect(programs).not.toContainText('lift-moves');
});

test('nodeVersion: an upgrade that stops in a stage shows that stage and its time-out', async ({ page }) => {
  test.setTimeout(90_000);
  const robot = '04TP000001';
  const token = await tokenOf(page, 'admin');
  // Simulated robots only: the next upgrade stops progressing in unpack.
  expect((await callEvent(page, 'simulateJobStall', { robotId: robot, stage: 'unpack' }, token)).statusCode).toBe(200);
  await login(page, 'admin');
  await page.goto('/home/nodeVersion');
  await page.getByTestId(`node-version-robot-${robot}`).click();
  await expect(page.getByTestId('node-version-robot-title')).toHaveText('RailInspect1');
  await page.getByTestId('node-version-upgrade-robot-core').click({ timeout: 20_000 });
  await page.getByTestId('node-version-upgrade-version').fill('1.8.1');
  await page.getByTestId('node-version-upgrade-ok').click();
  const job = page.getByTestId('node-version-job');
  await expect(job).toHaveAttribute('data-state', 'timeout', { timeout: 30_000 });
  await expect(job).toHaveAttribute('data-stage', 'unpack');
  await expect(page.getByTestId('node-version-job-timeout')).toHaveText('Timed out in stage Unpack (no progress for 120 s)');
  await expect(page.getByTestId('node-version-cancel')).toHaveCount(0);
});

test('nodeVersion: an issued program is downloaded by the robot; a file changed on the server fails the download stage with the reason', async ({ page }) => {
  test.setTimeout(120_000);
  const robot = '02WF000001';
  const body = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 13 + (i >> 7)) % 256));
  const token = await tokenOf(page, 'admin');
  const up = await page.request.post('/api/largeFile/uploadMoveProgram', {
    headers: { token },
    multipart: { param: JSON.stringify({ robotId: robot, name: 'gate-moves', version: '1.0.0' }), file: { name: 'gate-moves.bin', mimeType: 'application/octet-stream', buffer: body } },
  });
  expect((await up.json()).statusCode).toBe(200);
  // The stored file (the server's data folder) is changed after the upload: same size, one byte off.
  const uploads = path.join(process.env.FC_E2E_DATA_DIR!, 'uploads');
  const stored = fs
    .readdirSync(uploads, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.bin') && !e.parentPath.includes('.partial'))
    .map((e) => path.join(e.parentPath, e.name))
    .find((f) => fs.readFileSync(f).equals(body))!;
  expect(stored).toBeTruthy();
  const corrupt = Buffer.from(body);
  corrupt[123] = corrupt[123]! ^ 0xff;
  fs.writeFileSync(stored, corrupt);

  await login(page, 'admin');
  await page.goto('/home/nodeVersion');
  await page.getByTestId(`node-version-robot-${robot}`).click();
  await expect(page.getByTestId('node-version-robot-title')).toHaveText('FireGuard1');
  await page.getByRole('tab', { name: 'Programs' }).click();
  const programs = page.getByTestId('node-version-programs');
  await expect(programs.locator('tr', { hasText: 'gate-moves' })).toContainText('On server', { timeout: 20_000 });
  await page.getByTestId('node-version-issue-gate-moves').click();
  await page.getByTestId('node-version-confirm-ok').click();
  const job = page.getByTestId('node-version-job');
  await expect(job).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  await expect(job).toHaveAttribute('data-stage', 'download');
  await expect(page.getByTestId('node-version-job-timeout')).toHaveText('Failed in stage Download: The downloaded program does not match its SHA-256 checksum');
  await expect(programs.locator('tr', { hasText: 'gate-moves' })).toContainText('On server');

  // The file as uploaded again: the robot downloads it, installs it, lists it with its version.
  fs.writeFileSync(stored, body);
  await page.getByTestId('node-version-issue-gate-moves').click();
  await page.getByTestId('node-version-confirm-ok').click();
  await expect(job).toHaveAttribute('data-state', 'done', { timeout: 40_000 });
  const row = programs.locator('tr', { hasText: 'gate-moves' });
  await expect(row).toContainText('1.0.0');
  await expect(row).not.toContainText('On server', { timeout: 20_000 });
});

test('phone: an apk is uploaded with its version and notes, the login page offers it with a QR code, and it is deleted', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await login(page, 'admin');
  await page.goto('/home/phone');
  await expect(page.getByTestId('phone-page')).toBeVisible();
  await page.getByTestId('entity-create-app-package').click();
  const form = page.getByTestId('entity-form-app-package');
  await form.getByLabel('Version', { exact: true }).fill('3.4.5');
  await form.getByLabel('Release notes', { exact: true }).fill('Patrol map in the app');
  await form.locator('input[type="file"]').first().setInputFiles({ name: 'fleet-3.4.5.apk', mimeType: 'application/vnd.android.package-archive', buffer: craftZip([{ name: 'AndroidManifest.xml', data: Buffer.alloc(900, 1) }, { name: 'classes.dex', data: Buffer.alloc(4000, 1) }]) });
  await expect(form.getByLabel('File name', { exact: true })).toHaveValue('fleet-3.4.5.apk');
  await page.getByTestId('entity-submit-app-package').click();
  await expect(form).toBeHidden();
  const row = page.getByTestId('entity-table-app-package').locator('tr', { hasText: '3.4.5' });
  await expect(row).toContainText('fleet-3.4.5.apk');
  await expect(row).toContainText('admin');

  // The login page (another browser, not logged in) offers the newest package with a QR code.
  const guest = await browser.newPage();
  await guest.goto('/');
  await expect(guest.getByTestId('login-app')).toContainText('3.4.5');
  const qr = guest.getByTestId('login-app-qr');
  await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(qr).toHaveAttribute('data-href', /\/api\/app\/latest\/download$/);
  const download = await guest.request.get('/api/app/latest/download');
  expect(download.headers()['content-disposition']).toBe('attachment; filename="fleet-3.4.5.apk"');
  await guest.close();

  await row.getByTestId('entity-delete-app-package').click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('entity-table-app-package')).not.toContainText('3.4.5');

  await page.getByTestId('phone-tab-logs').click();
  await expect(page.getByTestId('entity-table-phone-log')).toBeVisible();
});

test('the enterprise admin is sent to /404 from phone', async ({ page }) => {
  await login(page, 'entadmin');
  await page.goto('/home/phone');
  await expect(page).toHaveURL(/\/404$/);
});
