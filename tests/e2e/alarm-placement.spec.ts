import { expect, test, type Locator, type Page } from './fixtures';
import { callEvent, login, releaseAlarms, tokenOf } from './helpers';

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (l: Locator): Promise<Box> => (await l.boundingBox())!;
const intersects = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/** The newest alarm of the test, per language (alarm-code enumeration, code 304). */
const NEWEST = { en: 'Alarm: motor over temperature', zh: '报警：电机过温', ja: 'アラーム：モーターが過熱しています' } as const;

/** What the stack shows (its open pop-ups, or its counter) that lies over the position or the environment card. */
async function overData(page: Page): Promise<string[]> {
  const stack = page.getByTestId('alarm-stack');
  const shown = (await stack.getAttribute('data-collapsed')) === '1' ? [page.getByTestId('alarm-stack-counter')] : await stack.locator('[role="alert"]').all();
  const hits: string[] = [];
  for (const card of ['robot-position-card', 'robot-env-card']) {
    const data = await boxOf(page.getByTestId(card));
    for (const [i, s] of shown.entries()) if (intersects(await boxOf(s), data)) hits.push(`${i} over ${card}`);
  }
  return hits;
}

/** The newest alarm's text is on screen, inside the window. */
async function expectNewestInSight(page: Page, lang: keyof typeof NEWEST) {
  const text = page.getByTestId('alarm-stack').getByText(NEWEST[lang], { exact: true });
  await expect(text).toBeVisible();
  await expect(text).toBeInViewport({ ratio: 1 });
}

test('telecontrol at 1366×768: two alarm pop-ups keep clear of the position and environment readings, the newest in sight, in zh, ja and en, light and dark', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const admin = await tokenOf(page, 'admin');
  const entadmin = await tokenOf(page, 'entadmin');
  // Level 3 (they stay until closed) for two codes no other test raises at the same time; the types are removed at the end.
  const types: number[] = [];
  for (const code of [303, 304]) {
    const added = await callEvent(page, 'addAlarmType', { name: `Placement ${code}`, code, level: 3, autoRelease: 0 }, entadmin);
    expect(added.statusCode).toBe(200);
    types.push(added.param.id as number);
  }
  try {
    await page.setViewportSize({ width: 1366, height: 768 });
    await login(page, 'entadmin');
    await page.goto('/home/telecontrol');
    // The tree narrowed to the robot (other tests add companies and robots): the space below it is free,
    // as on a site with a short tree; how a long tree leaves no place is the counter's case.
    await page.getByTestId('robot-tree').locator('input').first().fill('PatrolA1');
    await page.getByTestId('robot-tree').getByText('PatrolA1').click();
    await expect(page.getByTestId('robot-env-card')).toBeVisible();
    await expect(page.getByTestId('link-state')).toHaveAttribute('data-status', 'connected');
    expect((await callEvent(page, 'simulateAlarm', { robotId: '01WR000001', code: 303 }, admin)).statusCode).toBe(200);
    const stack = page.getByTestId('alarm-stack');
    await expect(stack).toHaveAttribute('data-count', '1');
    expect((await callEvent(page, 'simulateAlarm', { robotId: '01WR000001', code: 304 }, admin)).statusCode).toBe(200);
    await expect(stack).toHaveAttribute('data-count', '2');

    for (const lang of ['en', 'zh', 'ja'] as const) {
      if (lang !== 'en') {
        await page.getByTestId('lang-switch').click();
        await page.getByTestId(`lang-${lang}`).click();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
      }
      for (const skin of ['light', 'dark'] as const) {
        if ((await page.getByTestId('skin-switch').getAttribute('aria-checked')) !== String(skin === 'dark')) await page.getByTestId('skin-switch').click();
        await page.keyboard.press('Escape');
        await page.mouse.move(700, 300);
        // As the page opens and scrolled down to the readings: the stack finds its place again (it looks every second and on scroll).
        for (const at of ['top', 'bottom'] as const) {
          await page.evaluate((y) => window.scrollTo(0, y === 'top' ? 0 : document.scrollingElement!.scrollHeight), at);
          await expect.poll(() => overData(page), { timeout: 5_000 }).toEqual([]);
          await expectNewestInSight(page, lang);
          // Nor does it lie over the emergency stop when that is on screen.
          if (await page.getByTestId('emergency-button').isVisible()) {
            const under = await stack.locator('[role="alert"]').all();
            for (const p of under) expect(intersects(await boxOf(p), await boxOf(page.getByTestId('emergency-button')))).toBe(false);
          }
          await page.screenshot({ path: testInfo.outputPath(`telecontrol-alarms-${lang}-${skin}-${at}.png`) });
        }
      }
    }
    // The other alarm is counted under the newest, or open beside it: nothing is lost.
    const open = Number(await stack.getAttribute('data-open'));
    if (open === 1) await expect(page.getByTestId('alarm-stack-more')).toBeVisible();
    else expect(open).toBe(2);
  } finally {
    await releaseAlarms(page, admin, '01WR000001', [303, 304]);
    for (const id of types) expect((await callEvent(page, 'deleteAlarmType', { id }, entadmin)).statusCode).toBe(200);
  }
});
