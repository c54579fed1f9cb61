/**
 * The live alarms of the monitor overview: the realtime topic `alarms` (issue 7) gives the open
 * alarms of the caller's companies first, then each new one and each change; open ones
 * (not released, unprocessed) are listed newest first, at most 20.
 */
import { useEffect, useState } from 'react';
import { Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_TOPIC, AlarmProcessStatus, alarmCodeText, realtimeLink, LevelTag, useFormat, type AlarmPush, type Lang } from '@runtime';
import { OVERVIEW_TEST_IDS as IDS } from './test-ids';

const MAX_SHOWN = 20;
const open = (a: AlarmPush) => a.status === 0 && a.processStatus === AlarmProcessStatus.unprocessed;

/** Open alarms after one push: added, replaced or dropped. */
export function applyAlarmPush(list: AlarmPush[], event: string, data: unknown): AlarmPush[] {
  if (event === 'snapshot' && Array.isArray(data)) return (data as AlarmPush[]).filter(open).sort((a, b) => b.id - a.id).slice(0, MAX_SHOWN);
  if (event !== 'alarm' && event !== 'alarmChange') return list;
  const a = data as AlarmPush;
  const rest = list.filter((x) => x.id !== a.id);
  return (open(a) ? [a, ...rest] : rest).sort((x, y) => y.id - x.id).slice(0, MAX_SHOWN);
}

/** The list. */
export function LiveAlarms({ maxHeight = 320 }: { maxHeight?: number | string }) {
  const { t, i18n } = useTranslation('overviews');
  const lang = i18n.language as Lang;
  const fmt = useFormat();
  const [alarms, setAlarms] = useState<AlarmPush[]>([]);
  useEffect(() => realtimeLink.subscribe(ALARM_TOPIC, ({ event, data }) => setAlarms((list) => applyAlarmPush(list, event, data))), []);
  if (alarms.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitor.noAlarms')} />;
  return (
    <List
      size="small"
      dataSource={alarms}
      style={{ maxHeight, overflowY: 'auto' }}
      renderItem={(a) => (
        <List.Item data-testid={`${IDS.alarms}-${a.id}`}>
          <List.Item.Meta
            title={
              <span>
                <LevelTag level={a.level} fallback={t('monitor.level', { level: a.level })} />
                {alarmCodeText(a.code, lang)}
              </span>
            }
            description={
              <Typography.Text type="secondary">
                {a.robotName ?? a.robotId} · {fmt.dateTime(a.createdAt)}
              </Typography.Text>
            }
          />
        </List.Item>
      )}
    />
  );
}
