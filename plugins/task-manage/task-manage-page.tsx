/**
 * taskManage (issue 19): every task of every kind of the caller's company tree in one list (getTaskList)
 * with kind, name, state, robot, company and next run; filters by kind, state, robot and name; start
 * and stop go through each kind's own events (TASK_CONTROLS: patrols navigationStart/navigationStop,
 * track inspections their REST start/terminate), so their refusals keep their own messages. Stopping a
 * running task asks first. The list refreshes by push (realtime topic `tasks`: the server says when a
 * kind's tasks changed in a company the user sees) and after each action.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { PauseCircleOutlined, PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AnswerOf } from '@common/events';
import { TASK_KINDS, TASK_STATES, type TaskKind, type TaskState } from '@common/events/task-manage';
import { callEvent, formatDateTime, getLang, realtimeLink, restCall } from '@runtime';
import { TASK_MANAGE_IDS as IDS } from './test-ids';

type Row = AnswerOf<'getTaskList'>['list'][number];

const NS = 'task-manage';
const TASKS_TOPIC = 'tasks';
// Not gold: its text is 4.3:1 on its pale background (axe color-contrast, role sweep); orange's deeper shade is 5.6:1.
const KIND_COLOURS: Record<TaskKind, string> = { patrol: 'geekblue', track: 'purple', ad: 'orange', explanation: 'cyan' };
const STATE_COLOURS: Record<TaskState, string> = {
  idle: 'default',
  armed: 'blue',
  running: 'processing',
  paused: 'warning',
  finished: 'success',
  terminated: 'default',
  scheduled: 'blue',
  active: 'green',
  ended: 'default',
  ready: 'cyan',
};

/** Starts or stops a task through its kind's own event. */
async function control(row: Row, action: 'start' | 'stop'): Promise<void> {
  if (row.kind === 'patrol') {
    await callEvent(action === 'start' ? 'navigationStart' : 'navigationStop', { id: row.id });
    return;
  }
  if (row.kind === 'track') {
    const robot = row.robotIds[0] ?? '';
    if (action === 'start') await restCall('POST /robot/track/inspectTask/{robot}/{id}/start', { robot, id: String(row.id) });
    else await restCall('POST /robot/track/inspectTask/{robot}/{id}/terminate', { robot, id: String(row.id) });
  }
}

const when = (v: string | null) => formatDateTime(v, getLang(), '—');

/** The page (default export: the plugin route). */
export default function TaskManagePage() {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const [kind, setKind] = useState<TaskKind | undefined>();
  const [state, setState] = useState<TaskState | undefined>();
  const [robotId, setRobotId] = useState<string | undefined>();
  const [name, setName] = useState('');
  const [rows, setRows] = useState<Row[] | null>(null);
  const [all, setAll] = useState<Row[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(() => {
    setError(null);
    callEvent('getTaskList', { ...(kind ? { kind } : {}), ...(state ? { state } : {}), ...(robotId ? { robotId } : {}), ...(name ? { name } : {}) })
      .then((a) => setRows(a.list))
      .catch((e: Error) => (setRows([]), setError(e.message)));
  }, [kind, state, robotId, name]);
  useEffect(() => {
    load();
  }, [load]);
  // Reload when the server says tasks changed (a burst of changes reloads once).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = realtimeLink.subscribe(TASKS_TOPIC, (m) => {
      if (m.event !== 'taskChanged') return;
      clearTimeout(timer);
      timer = setTimeout(load, 300);
    });
    return () => (clearTimeout(timer), off());
  }, [load]);
  // The robot filter offers the robots of every task (unfiltered list).
  useEffect(() => {
    callEvent('getTaskList', {})
      .then((a) => setAll(a.list))
      .catch(() => undefined);
  }, [rows]);
  const robots = useMemo(() => {
    const m = new Map<string, string>();
    for (const r of all) r.robotIds.forEach((id, i) => m.set(id, r.robotNames[i] ?? id));
    return [...m].map(([value, label]) => ({ value, label: `${label} (${value})` }));
  }, [all]);

  const act = async (row: Row, action: 'start' | 'stop') => {
    setBusy(`${action}-${row.key}`);
    try {
      await control(row, action);
      message.success(t(action === 'start' ? 'started' : 'stopped', { name: row.name }));
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(null);
      load();
    }
  };

  const columns = [
    // Room for the longest kind's tag ("Track inspection": 100 px let it run into the name column).
    { title: t('kind'), dataIndex: 'kind', key: 'kind', width: 140, render: (k: TaskKind) => <Tag color={KIND_COLOURS[k]}>{t(`kinds.${k}`)}</Tag> },
    { title: t('name'), dataIndex: 'name', key: 'name', ellipsis: true },
    {
      title: t('state'),
      dataIndex: 'state',
      key: 'state',
      width: 100,
      render: (s: TaskState) => <Tag color={STATE_COLOURS[s]}>{t(`states.${s}`)}</Tag>,
    },
    { title: t('robot'), key: 'robot', width: 140, ellipsis: true, render: (_: unknown, r: Row) => (r.robotNames.length ? r.robotNames.join(', ') : '—') },
    { title: t('company'), dataIndex: 'companyName', key: 'company', width: 120, ellipsis: true },
    { title: t('nextRun'), dataIndex: 'nextRun', key: 'nextRun', width: 150, render: when },
    { title: t('lastRun'), dataIndex: 'lastRunAt', key: 'lastRun', width: 150, render: when },
    {
      title: t('actions'),
      key: 'actions',
      width: 130,
      render: (_: unknown, r: Row) => (
        <Space size={4}>
          {r.canStart ? (
            <Button size="small" type="primary" icon={<PlayCircleOutlined />} loading={busy === `start-${r.key}`} data-testid={`${IDS.start}-${r.key}`} onClick={() => void act(r, 'start')}>
              {t('start')}
            </Button>
          ) : null}
          {r.canStop ? (
            <Popconfirm title={t('stopConfirm', { name: r.name })} okText={t('stop')} okButtonProps={{ danger: true }} cancelText={t('cancel')} onConfirm={() => void act(r, 'stop')}>
              <Button size="small" danger icon={<PauseCircleOutlined />} loading={busy === `stop-${r.key}`} data-testid={`${IDS.stop}-${r.key}`}>
                {t('stop')}
              </Button>
            </Popconfirm>
          ) : null}
          {!r.canStart && !r.canStop ? <Typography.Text type="secondary">{t(r.kind === 'ad' || r.kind === 'explanation' ? `noControl.${r.kind}` : 'noControl.none')}</Typography.Text> : null}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid={IDS.page}>
      <Card size="small">
        <Space direction="vertical" style={{ width: '100%' }} size={8}>
          <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('title')}
            </Typography.Title>
            <Button icon={<ReloadOutlined />} onClick={load} data-testid={IDS.reload}>
              {t('reload')}
            </Button>
          </Space>
          <Space wrap>
            <Select<TaskKind>
              allowClear
              data-testid={IDS.kind}
              aria-label={t('kind')}
              placeholder={t('allKinds')}
              style={{ width: 170 }}
              value={kind}
              onChange={setKind}
              options={TASK_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            />
            <Select<TaskState>
              allowClear
              data-testid={IDS.state}
              aria-label={t('state')}
              placeholder={t('allStates')}
              style={{ width: 170 }}
              value={state}
              onChange={setState}
              options={TASK_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
            />
            <Select<string>
              allowClear
              showSearch
              optionFilterProp="label"
              data-testid={IDS.robot}
              aria-label={t('robot')}
              placeholder={t('allRobots')}
              style={{ width: 240 }}
              value={robotId}
              onChange={setRobotId}
              options={robots}
            />
            <Input.Search allowClear data-testid={IDS.name} aria-label={t('name')} placeholder={t('searchName')} style={{ width: 220 }} onSearch={(v) => setName(v.trim())} />
          </Space>
        </Space>
      </Card>
      {error ? <Alert type="error" showIcon message={error} data-testid={IDS.error} /> : null}
      <Card size="small">
        <Table<Row>
          data-testid={IDS.table}
          size="small"
          rowKey="key"
          loading={rows === null}
          dataSource={rows ?? []}
          columns={columns}
          onRow={(r) => ({ 'data-testid': `${IDS.row}-${r.key}`, 'data-state': r.state }) as React.HTMLAttributes<HTMLElement>}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ y: 420 }}
          locale={{ emptyText: t('empty') }}
        />
      </Card>
    </Space>
  );
}
