// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
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
});
beforeEach(() => clearRobotSelection());
afterEach(cleanup);

function app() {
  return render(
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
    </MemoryRouter>,
  );
}

describe('RobotRequired', () => {
  it('without a selected robot shows the tip, whose OK goes to robot management', async () => {
    app();
    expect(screen.queryByText('charge page')).toBeNull();
    expect(screen.getByTestId('robot-required-tip').textContent).toBe('A robot must be chosen first. You will be taken to robot management.');
    fireEvent.click(screen.getByTestId('robot-required-ok'));
    expect(await screen.findByText('robot management')).toBeTruthy();
  });

  it('with a selected robot shows the page', () => {
    selectRobot({ robotId: '01WR000001', robotType: 1, mapId: 1, companyId: 2, buildingName: 'HQ', floor: 1, regionName: 'North' });
    app();
    expect(screen.getByText('charge page')).toBeTruthy();
  });
});
