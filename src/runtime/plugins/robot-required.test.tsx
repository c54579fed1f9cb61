// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Refine, type DataProvider } from '@refinedev/core';
import { i18n } from '../i18n/i18n';
import { clearRobotSelection, selectRobot } from '../session/robot-selection';
import { RobotRequired } from './robot-required';

beforeAll(async () => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  await i18n.changeLanguage('en');
  // The switcher is a lazy chunk (issue 23); its code is fetched ahead, as the console does with a robot page's code.
  await RobotRequired.preload();
}, 30_000);
beforeEach(() => clearRobotSelection());
afterEach(cleanup);

/** The getMenuList answer the switcher is given: one company with one robot on no map. */
const menu = [{ companyId: 2, name: 'HarborSecurity', parentId: 1, regions: [], robots: [{ robotId: '01WR000001', robotName: 'PatrolA1', robotType: 1, online: 1, status: 0, mapId: null, companyId: 2, regionName: null }] }];
const none = () => Promise.reject(new Error('not used'));
const dataProvider: DataProvider = { getApiUrl: () => '', getList: none, getOne: none, create: none, update: none, deleteOne: none, custom: (async () => ({ data: menu })) as DataProvider['custom'] };

function app() {
  return render(
    <Refine dataProvider={dataProvider}>
      <MemoryRouter initialEntries={['/home/chargeMonitoring']}>
        <Routes>
          <Route
            path="/home/chargeMonitoring"
            element={
              <RobotRequired>
                <p>charge page</p>
              </RobotRequired>
            }
          />
          <Route path="/home/robotManage" element={<p>robot management</p>} />
        </Routes>
      </MemoryRouter>
    </Refine>,
  );
}

describe('RobotRequired', () => {
  // A Modal with a TreeSelect in jsdom: seconds on a loaded 2-core machine.
  it('without a selected robot shows the tip with a robot switcher; its other button goes to robot management', { timeout: 20_000 }, async () => {
    app();
    expect(screen.queryByText('charge page')).toBeNull();
    expect(screen.getByTestId('robot-required-tip').textContent).toBe('A robot must be chosen first: choose one below.');
    // The switcher's code loads lazily (issue 23): it shows once its chunk is in.
    expect(await screen.findByTestId('robot-required-switcher')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-testid="robot-required-switcher"]')).not.toBeNull());
    fireEvent.click(screen.getByTestId('robot-required-ok'));
    expect(await screen.findByText('robot management')).toBeTruthy();
  });

  it('with a selected robot shows the page under the switcher bar', async () => {
    selectRobot({ robotId: '01WR000001', robotType: 1, mapId: 1, companyId: 2, buildingName: 'HQ', floor: 1, regionName: 'North' });
    app();
    expect(screen.getByText('charge page')).toBeTruthy();
    expect(await screen.findByTestId('robot-switcher')).toBeTruthy();
  });
});
