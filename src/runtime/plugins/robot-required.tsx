/** Spec §2: pages that need a selected robot show a tip that sends the user to robot management. */
import type { ReactNode } from 'react';
import { Modal } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRobotSelection } from '../session/robot-selection';

/** Where the tip sends the user. */
export const ROBOT_MANAGE_PATH = '/home/robotManage';

/** Renders children when a robot is selected, else the tip dialog. */
export function RobotRequired({ children }: { children: ReactNode }) {
  const { hasRobot } = useRobotSelection();
  const navigate = useNavigate();
  const { t } = useTranslation();
  if (hasRobot) return <>{children}</>;
  return (
    <Modal
      open
      title={t('robot.requiredTitle')}
      closable={false}
      maskClosable={false}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('common.ok')}
      onOk={() => navigate(ROBOT_MANAGE_PATH)}
      okButtonProps={{ 'data-testid': 'robot-required-ok' } as never}
    >
      <span data-testid="robot-required-tip">{t('robot.required')}</span>
    </Modal>
  );
}
