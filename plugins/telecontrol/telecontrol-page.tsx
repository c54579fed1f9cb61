/**
 * `/home/telecontrol`: the robot tree beside the live status of the selected robot. The tree's
 * column is narrow and folds away to a strip (the choice is remembered), so that the camera gets
 * the width (issue 22).
 *
 * The status panel (camera, controls, calls: about half the page's code) is its own chunk (issue 23):
 * asked for with the page's when a robot is already selected (the selection is remembered), else
 * when the page is idle after its first paint, so that it is there when a robot is clicked.
 */
import { Suspense, useEffect, useState } from 'react';
import { Button, Card, Empty, Skeleton, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getRobotSelection, lazyNamed, RobotTree, useRobotSelection, whenIdle } from '@runtime';
import { TELECONTROL_TEST_IDS as IDS } from './test-ids';
import { useWindowHeight } from './use-fit';

// lazyNamed (a lazyPage): once its chunk is in, the panel renders without suspending.
const RobotStatusPanel = lazyNamed(() => import('./robot-status-panel'), 'RobotStatusPanel');
if (typeof window !== 'undefined' && getRobotSelection().robotId) void RobotStatusPanel.preload();

const FOLDED_KEY = 'fc.telecontrol.treeFolded';
const TREE_WIDTH = 296;
/** What the window keeps above and below the tree's list: header, page padding, card title, search. */
const TREE_CHROME = 212;

function readFolded(): boolean {
  try {
    return localStorage.getItem(FOLDED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The telecontrol page. */
export default function TelecontrolPage() {
  const { t } = useTranslation('telecontrol');
  const { selection } = useRobotSelection();
  const [folded, setFolded] = useState(readFolded);
  const windowHeight = useWindowHeight();
  useEffect(() => whenIdle(() => void RobotStatusPanel.preload()), []);
  const fold = (on: boolean) => {
    setFolded(on);
    try {
      localStorage.setItem(FOLDED_KEY, on ? '1' : '0');
    } catch {
      /* private mode: not remembered */
    }
  };
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      {folded ? (
        <Tooltip title={t('treeShow')} placement="right">
          <Button icon={<MenuUnfoldOutlined />} onClick={() => fold(false)} aria-label={t('treeShow')} data-testid={IDS.treeToggle} data-folded="1" style={{ flex: 'none' }} />
        </Tooltip>
      ) : (
        <Card
          title={t('tree')}
          size="small"
          style={{ flex: `0 0 ${TREE_WIDTH}px`, minWidth: 0 }}
          styles={{ body: { padding: 8 } }}
          extra={
            <Tooltip title={t('treeHide')}>
              <Button type="text" size="small" icon={<MenuFoldOutlined />} onClick={() => fold(true)} aria-label={t('treeHide')} data-testid={IDS.treeToggle} data-folded="0" />
            </Tooltip>
          }
        >
          <RobotTree data-testid={IDS.robotTree} height={Math.max(240, windowHeight - TREE_CHROME)} />
        </Card>
      )}
      <div style={{ flex: '1 1 0', minWidth: 0 }}>
        {selection.robotId ? (
          <Suspense
            fallback={
              <Card>
                <Skeleton active paragraph={{ rows: 6 }} />
              </Card>
            }
          >
            <RobotStatusPanel key={selection.robotId} robotId={selection.robotId} />
          </Suspense>
        ) : (
          <Card>
            <Empty description={t('pickRobot')} />
          </Card>
        )}
      </div>
    </div>
  );
}
