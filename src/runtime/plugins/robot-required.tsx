/**
 * Spec §2: pages that need a selected robot. Without one, a tip dialog in which a robot is chosen
 * on the spot (the robot switcher; robot management stays one click away); with one, the page
 * under a header bar holding the switcher, so the robot can be changed without leaving the page.
 */
import { Suspense, type ReactNode } from 'react';
import { Button, Flex, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../app/lazy-page';
import { useRobotSelection } from '../session/robot-selection';
import type { RobotSwitcherProps } from '../ui/robot-switcher';

/**
 * The switcher is a TreeSelect (rc-tree-select, rc-tree, rc-select: ~45 KB gzip), so it loads
 * with the first robot-required page, not with the console shell (issue 23). The console starts
 * loading it alongside such a page's code (`RobotRequired.preload`), so it rarely suspends.
 */
const RobotSwitcher = lazyPage<RobotSwitcherProps>(async () => ({ default: (await import('../ui/robot-switcher')).RobotSwitcher }));

/** What the switcher shows while its code loads: an empty box of its size. */
function Switcher(props: RobotSwitcherProps) {
  return (
    <Suspense fallback={<span style={{ display: 'inline-block', width: props.width ?? 280, height: 32 }} data-testid="robot-switcher-loading" />}>
      <RobotSwitcher {...props} />
    </Suspense>
  );
}

/** Where the tip's secondary button leads. */
export const ROBOT_MANAGE_PATH = '/home/robotManage';

/** Renders children (under the switcher bar) when a robot is selected, else the tip dialog. */
export function RobotRequired({ children }: { children: ReactNode }) {
  const { hasRobot } = useRobotSelection();
  const navigate = useNavigate();
  const { t } = useTranslation();
  if (hasRobot)
    return (
      <>
        <Flex justify="flex-end" align="center" gap={8} style={{ marginBottom: 8 }} data-testid="robot-switcher-bar">
          <Typography.Text type="secondary">{t('robot.switch')}</Typography.Text>
          <Switcher data-testid="robot-switcher" />
        </Flex>
        {children}
      </>
    );
  return (
    <Modal
      open
      title={t('robot.requiredTitle')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button onClick={() => navigate(ROBOT_MANAGE_PATH)} data-testid="robot-required-ok">
          {t('robot.requiredElse')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <span data-testid="robot-required-tip">{t('robot.required')}</span>
        <Switcher data-testid="robot-required-switcher" width="100%" autoFocus />
      </Flex>
    </Modal>
  );
}

/** Starts loading the switcher's code (the console calls it with a robot-required page's code). */
RobotRequired.preload = (): Promise<unknown> => RobotSwitcher.preload();
