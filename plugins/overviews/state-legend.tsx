/** The one legend of robot states (the runtime's groups and colours), with a count per state when given. */
import { Badge, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROBOT_STATE_COLOURS, ROBOT_STATE_GROUPS, type RobotStateGroup } from '@runtime';
import { OVERVIEW_TEST_IDS as IDS } from './test-ids';

/** The legend; `counts` adds the number of robots in each state. */
export function StateLegend({ counts, dark }: { counts?: Partial<Record<RobotStateGroup, number>>; dark?: boolean }) {
  const { t } = useTranslation();
  return (
    <Space size={12} wrap data-testid={IDS.legend} aria-label={t('robotState.legend')} role="list">
      {ROBOT_STATE_GROUPS.map((g) => (
        <span key={g} role="listitem" data-state={g} data-count={counts?.[g] ?? ''}>
          <Badge color={ROBOT_STATE_COLOURS[g]} text={<span style={dark ? { color: '#e5e7eb' } : undefined}>{counts ? `${t(`robotState.${g}`)} · ${counts[g] ?? 0}` : t(`robotState.${g}`)}</span>} />
        </span>
      ))}
    </Space>
  );
}
