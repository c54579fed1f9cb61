import { expect, test } from './fixtures';
import { login } from './helpers';

const ROBOT = '01WR000001';

test('robot health screens open with real data for the super admin with a robot selected', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'admin');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('PatrolA1').click();

  await page.goto('/home/systemState');
  await expect(page.getByTestId('health-system-state')).toBeVisible();
  // The simulated robot's first health report arrives within 5 s; the page polls.
  await expect(page.getByTestId(`health-robot-${ROBOT}`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('health-system-state').getByText(/\d+\/\d+/).first()).toBeVisible({ timeout: 20_000 });
  await page.getByTestId(`health-robot-${ROBOT}`).click();
  await expect(page.getByTestId('health-detail')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/home/debug');
  await expect(page).not.toHaveURL(/404/);
  await expect(page.getByTestId('health-system-state')).toBeVisible();

  await page.goto('/home/historyOnline');
  await expect(page.getByTestId('health-online')).toBeVisible();
  await expect(page.getByTestId('health-timeline')).toBeVisible({ timeout: 20_000 });

  await page.goto('/home/sensor');
  await expect(page.getByTestId('health-sensor-humidity')).toBeVisible({ timeout: 20_000 });

  await page.goto('/home/chassisMonitoring');
  await expect(page.getByTestId('health-chassis').getByText('m/s').first()).toBeVisible({ timeout: 20_000 });

  await page.goto('/home/chargeMonitoring');
  await expect(page.getByTestId('health-charge').getByText('State of charge').first()).toBeVisible({ timeout: 20_000 });

  await page.goto('/home/operate');
  await expect(page.getByTestId('health-operate')).toBeVisible();
  await expect(page.getByTestId('health-operate').locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
  for (const p of ['systemState', 'historyOnline', 'sensor', 'chassisMonitoring', 'chargeMonitoring', 'operate']) {
    await page.goto(`/home/${p}`);
    await expect(page).not.toHaveURL(/\/(404|500)/);
    await expect(page.getByTestId('health-error')).toHaveCount(0);
  }
});

test('the enterprise admin is sent to /404 from systemState, historyOnline, chassis and charge monitoring', async ({ page }) => {
  await login(page, 'entadmin');
  for (const p of ['systemState', 'debug', 'historyOnline', 'chassisMonitoring', 'chargeMonitoring']) {
    await page.goto(`/home/${p}`);
    await expect(page).toHaveURL(/\/404/);
  }
});

test('sensor: every sensor is named by its label of the sensor enumeration in zh, ja and en, never by its code', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/home/telecontrol');
  await page.getByTestId('robot-tree').getByText('PatrolA1').click();
  await page.goto('/home/sensor');
  const humidity = page.getByTestId('health-sensor-humidity');
  await expect(humidity).toBeVisible({ timeout: 20_000 });
  const names = {
    en: ['IMU temperature', 'Cabin humidity', 'Lidar scan rate', 'Camera frame rate', 'Ultrasonic range'],
    zh: ['IMU 温度', '舱内湿度', '激光雷达扫描频率', '相机帧率', '超声波测距'],
    ja: ['IMU 温度', '筐体内湿度', 'LiDAR スキャン周波数', 'カメラのフレームレート', '超音波測距'],
  };
  const ids = ['imuTemp', 'humidity', 'lidarRate', 'cameraFps', 'ultrasonic'];
  for (const lang of ['zh', 'ja', 'en'] as const) {
    if (lang !== 'en' || (await page.locator('html').getAttribute('lang')) !== 'en') {
      await page.getByTestId('lang-switch').click();
      await page.getByTestId(`lang-${lang}`).click();
    }
    for (const [i, id] of ids.entries()) await expect(page.getByTestId(`health-sensor-${id}`).locator('.ant-card-head-title')).toHaveText(names[lang][i]!);
    // No line of the page is a sensor's code.
    const lines = (await page.getByTestId('health-sensor').innerText()).split('\n').map((l) => l.trim());
    for (const id of ids) expect(lines).not.toContain(id);
    if (process.env.FC_E2E_SHOTS) await page.screenshot({ path: `${process.env.FC_E2E_SHOTS}/sensor-${lang}.png` });
  }
});
