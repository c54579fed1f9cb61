/**
 * /trackrobot/task: inspection points (name, PTZ pitch and rotate, lift, position, actions) and
 * inspection tasks (preset or instant, run time, period, policy, enabled, points) with start,
 * pause, resume and terminate. Spec §5: name, execution time, period and at least one point with
 * an action are required (checked here and by the server).
 */
import { useState } from 'react';
import { Button, Card, Checkbox, Form, Input, InputNumber, Modal, Popconfirm, Radio, Select, Space, Switch, Table, Tag, TimePicker, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PauseCircleOutlined, PlayCircleOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TRACK_ACTIONS, TRACK_LIMITS, TRACK_PERIODS, TRACK_TASK_STATUS_KEYS, TrackTaskStatus, TrackTaskType } from '@common/track';
import { TrackLayout } from './track-layout';
import { trackApi, type PointBody, type TaskBody, type TrackPoint, type TrackTask } from './track-api';
import { TASK_STATUS_COLOURS, useRun } from './use-track';
import { TRACK_TEST_IDS as IDS } from './test-ids';

const WEEK_DAYS = [1, 2, 3, 4, 5, 6, 0];

function PointDialog({ robotId, point, onClose }: { robotId: string; point: TrackPoint | 'new' | null; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation('track-robot');
  const run = useRun();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const editing = point && point !== 'new' ? point : null;
  const submit = async () => {
    const values = (await form.validateFields()) as PointBody;
    setSaving(true);
    const ok = await run(() => (editing ? trackApi.points.update(robotId, editing.id, values) : trackApi.points.create(robotId, values)), t('saved'));
    setSaving(false);
    if (ok) onClose(true);
  };
  return (
    <Modal
      open={point !== null}
      destroyOnHidden
      title={editing ? t('point.edit') : t('point.add')}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': IDS.formOk } as never}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={editing ?? { pitch: 0, rotate: 0, lift: 0, position: 0, actions: ['photo'] }}>
        <Form.Item name="name" label={t('point.name')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('point.name') }) }, { max: 32 }]}>
          <Input maxLength={32} data-testid="track-point-name" />
        </Form.Item>
        <Space wrap>
          <Form.Item name="position" label={t('point.position')} rules={[{ required: true, message: t('required', { field: t('point.position') }) }]}>
            <InputNumber min={0} max={10000} step={0.5} addonAfter="m" data-testid="track-point-position" />
          </Form.Item>
          <Form.Item name="pitch" label={t('point.pitch')}>
            <InputNumber min={TRACK_LIMITS.pitchMin} max={TRACK_LIMITS.pitchMax} addonAfter="°" />
          </Form.Item>
          <Form.Item name="rotate" label={t('point.rotate')}>
            <InputNumber min={TRACK_LIMITS.rotateMin} max={TRACK_LIMITS.rotateMax} addonAfter="°" />
          </Form.Item>
          <Form.Item name="lift" label={t('point.lift')}>
            <InputNumber min={TRACK_LIMITS.liftMin} max={TRACK_LIMITS.liftMax} addonAfter="mm" />
          </Form.Item>
        </Space>
        <Form.Item name="actions" label={t('point.actions')}>
          <Checkbox.Group options={TRACK_ACTIONS.map((a) => ({ value: a, label: <span data-testid={`track-action-${a}`}>{t(`action.${a}`)}</span> }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function TaskDialog({ robotId, task, points, onClose }: { robotId: string; task: TrackTask | 'new' | null; points: TrackPoint[]; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation('track-robot');
  const run = useRun();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const editing = task && task !== 'new' ? task : null;
  const period = Form.useWatch('period', form) as string | undefined;
  // Issue 22: an instant task runs when started: no execution time, no period.
  const instant = Form.useWatch('type', form) === TrackTaskType.instant;
  const submit = async () => {
    const v = (await form.validateFields()) as Omit<TaskBody, 'runTime'> & { runTime?: dayjs.Dayjs };
    const body = v.type === TrackTaskType.instant
      ? { ...v, runTime: undefined, period: undefined, weekDays: [] }
      : { ...v, runTime: v.runTime!.format('HH:mm:ss'), weekDays: v.period === 'daily' ? [] : (v.weekDays ?? []) };
    setSaving(true);
    const ok = await run(() => (editing ? trackApi.tasks.update(robotId, editing.id, body) : trackApi.tasks.create(robotId, body)), t('saved'));
    setSaving(false);
    if (ok) onClose(true);
  };
  const initial = editing
    ? { ...editing, runTime: editing.runTime ? dayjs(editing.runTime, 'HH:mm:ss') : undefined, period: editing.period ?? 'daily' }
    : { type: 0, period: 'daily', policy: 0, enabled: true, weekDays: [1], pointIds: [] as number[] };
  return (
    <Modal
      open={task !== null}
      destroyOnHidden
      width={640}
      title={editing ? t('task.edit') : t('task.add')}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': IDS.formOk } as never}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={initial}>
        <Form.Item name="name" label={t('task.name')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('task.name') }) }, { max: 32 }]}>
          <Input maxLength={32} data-testid="track-task-name" />
        </Form.Item>
        <Space wrap size={24}>
          <Form.Item name="type" label={t('task.type')}>
            <Radio.Group options={[0, 1].map((v) => ({ value: v, label: t(`taskType.${v}`) }))} />
          </Form.Item>
          {instant ? null : (
            <>
              <Form.Item name="runTime" label={t('task.runTime')} rules={[{ required: true, message: t('required', { field: t('task.runTime') }) }]}>
                <TimePicker format="HH:mm:ss" data-testid="track-task-time" />
              </Form.Item>
              <Form.Item name="period" label={t('task.period')} rules={[{ required: true, message: t('required', { field: t('task.period') }) }]}>
                <Select style={{ width: 180 }} options={TRACK_PERIODS.map((p) => ({ value: p, label: t(`period.${p}`) }))} data-testid="track-task-period" />
              </Form.Item>
            </>
          )}
        </Space>
        {instant ? <Typography.Paragraph type="secondary" data-testid="track-task-instant-hint">{t('task.instantHint')}</Typography.Paragraph> : null}
        {!instant && period && period !== 'daily' && (
          <Form.Item name="weekDays" label={t('task.weekDays')} rules={[{ required: true, type: 'array', min: 1, message: t('required', { field: t('task.weekDays') }) }]}>
            <Checkbox.Group options={WEEK_DAYS.map((d) => ({ value: d, label: t(`week.${d}`) }))} />
          </Form.Item>
        )}
        <Space wrap size={24}>
          <Form.Item name="policy" label={t('task.policy')}>
            <Radio.Group options={[0, 1].map((v) => ({ value: v, label: t(`policy.${v}`) }))} />
          </Form.Item>
          <Form.Item name="enabled" label={t('task.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item
          name="pointIds"
          label={t('task.points')}
          required
          rules={[
            {
              validator: async (_r, ids: number[] | undefined) => {
                if (!ids?.some((id) => (points.find((p) => p.id === id)?.actions.length ?? 0) > 0)) throw new Error(t('task.pointRequired'));
              },
            },
          ]}
        >
          <Select
            mode="multiple"
            data-testid="track-task-points"
            placeholder={t('task.pickPoints')}
            options={points.map((p) => ({ value: p.id, label: `${p.name} · ${p.position} m${p.actions.length ? '' : ` (${t('point.noAction')})`}` }))}
            optionFilterProp="label"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Tasks({ robotId }: { robotId: string }) {
  const { t } = useTranslation('track-robot');
  const run = useRun();
  const [pointDialog, setPointDialog] = useState<TrackPoint | 'new' | null>(null);
  const [taskDialog, setTaskDialog] = useState<TrackTask | 'new' | null>(null);
  const points = useQuery({ queryKey: ['track', 'points', robotId], queryFn: () => trackApi.points.list(robotId) });
  const tasks = useQuery({ queryKey: ['track', 'tasks', robotId], queryFn: () => trackApi.tasks.list(robotId), refetchInterval: 1500 });
  const pointList = points.data?.list ?? [];
  const op = (task: TrackTask, name: 'start' | 'pause' | 'resume' | 'terminate') => run(() => trackApi.tasks.op(robotId, task.id, name).then(() => tasks.refetch()), t(`task.done.${name}`));
  const active = (s: number) => s === TrackTaskStatus.inspecting || s === TrackTaskStatus.paused;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={t('point.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPointDialog('new')} data-testid={IDS.addPoint}>
            {t('point.add')}
          </Button>
        }
      >
        <Table<TrackPoint>
          rowKey="id"
          size="middle"
          data-testid={IDS.pointTable}
          loading={points.isLoading}
          dataSource={pointList}
          pagination={{ pageSize: 10, showSizeChanger: true, pageSizeOptions: [10, 20, 30] }}
          locale={{ emptyText: t('point.empty') }}
          columns={[
            { title: t('point.name'), dataIndex: 'name' },
            { title: t('point.position'), dataIndex: 'position', render: (v: number) => `${v} m` },
            { title: t('point.pitch'), dataIndex: 'pitch', render: (v: number) => `${v}°` },
            { title: t('point.rotate'), dataIndex: 'rotate', render: (v: number) => `${v}°` },
            { title: t('point.lift'), dataIndex: 'lift', render: (v: number) => `${v} mm` },
            { title: t('point.actions'), dataIndex: 'actions', render: (a: string[]) => (a.length ? a.map((x) => <Tag key={x}>{t(`action.${x}`)}</Tag>) : <Typography.Text type="secondary">{t('point.noAction')}</Typography.Text>) },
            {
              title: t('operations'),
              width: 140,
              render: (_v, p) => (
                <Space>
                  <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setPointDialog(p)} aria-label={t('edit')} />
                  <Popconfirm title={t('confirmDelete', { name: p.name })} onConfirm={() => run(() => trackApi.points.remove(robotId, p.id).then(() => points.refetch()), t('deleted'))}>
                    <Button size="small" type="link" danger icon={<DeleteOutlined />} aria-label={t('delete')} />
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card
        title={t('task.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setTaskDialog('new')} data-testid={IDS.addTask}>
            {t('task.add')}
          </Button>
        }
      >
        <Table<TrackTask>
          rowKey="id"
          size="middle"
          data-testid={IDS.taskTable}
          loading={tasks.isLoading}
          dataSource={tasks.data?.list ?? []}
          pagination={{ pageSize: 10, showSizeChanger: true, pageSizeOptions: [10, 20, 30] }}
          locale={{ emptyText: t('task.empty') }}
          columns={[
            { title: t('task.name'), dataIndex: 'name' },
            { title: t('task.type'), dataIndex: 'type', render: (v: number) => t(`taskType.${v}`) },
            { title: t('task.runTime'), dataIndex: 'runTime', render: (v: string | null) => v ?? '—' },
            {
              title: t('task.period'),
              dataIndex: 'period',
              // An instant task has no period: it reads as run on demand, never as "Daily".
              render: (v: string | null, r) => (r.type === TrackTaskType.instant || !v ? t('period.onDemand') : `${t(`period.${v}`)}${v === 'daily' ? '' : ` (${r.weekDays.map((d) => t(`week.${d}`)).join(', ')})`}`),
            },
            { title: t('task.policy'), dataIndex: 'policy', render: (v: number) => t(`policy.${v}`) },
            { title: t('task.enabled'), dataIndex: 'enabled', render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('enabled') : t('disabled')}</Tag> },
            { title: t('task.points'), dataIndex: 'pointIds', render: (ids: number[]) => ids.map((id) => pointList.find((p) => p.id === id)?.name ?? `#${id}`).join(', ') },
            {
              title: t('task.status'),
              dataIndex: 'status',
              render: (v: number, r) => (
                <Tag color={TASK_STATUS_COLOURS[v]} data-testid={`track-task-status-${r.id}`} data-status={v}>
                  {t(`taskStatus.${TRACK_TASK_STATUS_KEYS[v] ?? 'waiting'}`)}
                </Tag>
              ),
            },
            {
              title: t('operations'),
              width: 260,
              render: (_v, r) => (
                <Space size={4} wrap>
                  {!active(r.status) && (
                    <Button size="small" type="primary" ghost icon={<PlayCircleOutlined />} disabled={!r.enabled} onClick={() => op(r, 'start')} data-testid={`${IDS.taskOp}-start-${r.id}`}>
                      {t('task.start')}
                    </Button>
                  )}
                  {r.status === TrackTaskStatus.inspecting && (
                    <Button size="small" icon={<PauseCircleOutlined />} onClick={() => op(r, 'pause')} data-testid={`${IDS.taskOp}-pause-${r.id}`}>
                      {t('task.pause')}
                    </Button>
                  )}
                  {r.status === TrackTaskStatus.paused && (
                    <Button size="small" icon={<PlayCircleOutlined />} onClick={() => op(r, 'resume')} data-testid={`${IDS.taskOp}-resume-${r.id}`}>
                      {t('task.resume')}
                    </Button>
                  )}
                  {active(r.status) && (
                    <Popconfirm title={t('task.confirmTerminate')} onConfirm={() => op(r, 'terminate')}>
                      <Button size="small" danger icon={<StopOutlined />} data-testid={`${IDS.taskOp}-terminate-${r.id}`}>
                        {t('task.terminate')}
                      </Button>
                    </Popconfirm>
                  )}
                  <Button size="small" type="link" icon={<EditOutlined />} disabled={active(r.status)} onClick={() => setTaskDialog(r)} aria-label={t('edit')} />
                  <Popconfirm title={t('confirmDelete', { name: r.name })} onConfirm={() => run(() => trackApi.tasks.remove(robotId, r.id).then(() => tasks.refetch()), t('deleted'))}>
                    <Button size="small" type="link" danger icon={<DeleteOutlined />} disabled={active(r.status)} aria-label={t('delete')} />
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <PointDialog robotId={robotId} point={pointDialog} onClose={(saved) => (setPointDialog(null), saved && void points.refetch())} />
      <TaskDialog robotId={robotId} task={taskDialog} points={pointList} onClose={(saved) => (setTaskDialog(null), saved && void tasks.refetch())} />
    </Space>
  );
}

export default function TaskPage() {
  return <TrackLayout page="task">{(robotId) => <Tasks key={robotId} robotId={robotId} />}</TrackLayout>;
}
