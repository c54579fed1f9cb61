/**
 * `/home/telecontrol`: the robot tree beside the live status of the selected robot. The tree's
 * column is narrow and folds away to a strip (the choice is remembered), so that the camera gets
 * the width (issue 22).
 */
import { useState } from 'react';
import { Button, Card, Empty, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RobotTree, useRobotSelection } from '@runtime';
import { TELECONTROL_TEST_IDS as IDS } from './test-ids';
import { RobotStatusPanel } from './robot-status-panel';
import { useWindowHeight } from './use-fit';

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
          <RobotStatusPanel key={selection.robotId} robotId={selection.robotId} />
        ) : (
          <Card>
            <Empty description={t('pickRobot')} />
          </Card>
        )}
      </div>
    </div>
  );
}
