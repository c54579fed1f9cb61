/** `/home/telecontrol`: the robot tree beside the live status of the selected robot. */
import { Card, Col, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { RobotTree, useRobotSelection } from '@runtime';
import { TELECONTROL_TEST_IDS as IDS } from './test-ids';
import { RobotStatusPanel } from './robot-status-panel';

/** The telecontrol page. */
export default function TelecontrolPage() {
  const { t } = useTranslation('telecontrol');
  const { selection } = useRobotSelection();
  return (
    <Row gutter={16} wrap={false}>
      <Col flex="320px">
        <Card title={t('tree')} size="small" styles={{ body: { padding: 12 } }}>
          <RobotTree data-testid={IDS.robotTree} height={620} />
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {selection.robotId ? (
          <RobotStatusPanel key={selection.robotId} robotId={selection.robotId} />
        ) : (
          <Card>
            <Empty description={t('pickRobot')} />
          </Card>
        )}
      </Col>
    </Row>
  );
}
