/**
 * nodeVersion (issue 19): the robots of the caller's company tree (live from the `fleet` topic), and
 * for the chosen one its node services and firmware against the latest in versionManage (outdated
 * marked), upgrades and service packs through download, unpack, install, restart with live
 * progress (topic robotJob; a timed-out stage says which and its time-out; cancel while running is
 * refused by the server with spec §8's message), service packs and programs with delete after
 * confirmation, and programs uploaded on the large-file address (uploadMoveProgram, with progress).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App, Badge, Button, Card, Col, Empty, Form, Input, Modal, Popconfirm, Progress, Row, Space, Steps, Table, Tabs, Tag, Tooltip, Typography, Upload } from 'antd';
import { CloudUploadOutlined, ReloadOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AnswerOf } from '@common/events';
import { UPGRADE_STAGES, UPGRADE_STAGE_TIMEOUT_S, LOG_UPLOAD_TIMEOUT_S, type UpgradeStage } from '@common/events/maintenance-software';
import { callEvent, formatDateTime, getConfig, getLang, getToken, isAbortedError, realtimeLink, useFleet, useRobotSelection, type FleetRobot } from '@runtime';
import { formatBytes } from '@common/uploads';
import { formatMessage, MESSAGES, type MessageKey } from '@common/messages';
import { TEST_IDS } from './test-ids';
import { compareVersions, isOutdated, uploadProgram } from './node-version-model';

type Job = NonNullable<AnswerOf<'getSoftwareJob'>['job']>;
type Software = AnswerOf<'getSoftwares'>['softwares'][number];
type Packs = AnswerOf<'getServicePack'>;
type Pack = Packs['packs'][number];

const NS = 'node-version';
const ROBOT_JOB_TOPIC = 'robotJob';

/** The robots of the caller's company tree, live: redrawn when a robot comes online, goes offline or is renamed. */
function useFleetRobots(): FleetRobot[] | null {
  const { fleet, version } = useFleet({ fields: ['online', 'robotName'] });
  return useMemo(() => (fleet ? [...fleet.values()] : null), [fleet, version]);
}

/** Every robot's last job, live: pushes of the robotJob topic. */
function useJobs(): [Record<string, Job>, (job: Job) => void] {
  const [jobs, setJobs] = useState<Record<string, Job>>({});
  const put = useCallback((job: Job) => setJobs((all) => ({ ...all, [job.robotId]: job })), []);
  useEffect(
    () =>
      realtimeLink.subscribe(ROBOT_JOB_TOPIC, (m) => {
        if (m.event === 'robotJob') put(m.data as Job);
      }),
    [put],
  );
  return [jobs, put];
}

/**
 * How many node services or firmware of each online robot are older than versionManage's latest
 * (getSoftwares asks the robot, so a few robots at a time); asked again for a robot whose job ended.
 */
function useOutdatedCounts(robots: FleetRobot[], jobs: Record<string, Job>): Record<string, number | null> {
  const [counts, setCounts] = useState<Record<string, number | null>>({});
  const online = robots.filter((r) => r.online).map((r) => r.robotId).join(',');
  const ended = Object.values(jobs).filter((j) => j.state !== 'running').map((j) => `${j.robotId}:${j.jobId}:${j.state}`).join(',');
  useEffect(() => {
    let live = true;
    const ids = online ? online.split(',') : [];
    const queue = [...ids];
    const worker = async () => {
      for (let id = queue.shift(); id && live; id = queue.shift()) {
        const n = await callEvent('getSoftwares', { robotId: id }).then(
          (a) => a.softwares.filter((x) => isOutdated(x.version, x.latest)).length,
          () => null,
        );
        if (live) setCounts((c) => ({ ...c, [id!]: n }));
      }
    };
    void Promise.all([worker(), worker(), worker()]);
    return () => {
      live = false;
    };
  }, [online, ended]);
  return counts;
}

const stateColour: Record<string, string> = { running: 'processing', done: 'success', failed: 'error', timeout: 'error', cancelled: 'default' };

/** The stages of a job with its progress, the time-out or the failure (and why, e.g. a program's download) if one struck, and cancel. */
function JobPanel({ job, onCancel }: { job: Job; onCancel: () => void }) {
  const { t } = useTranslation(NS);
  const stages: string[] = job.kind === 'logUpload' ? ['upload'] : [...UPGRADE_STAGES];
  const current = Math.max(0, stages.indexOf(job.stage));
  const failed = job.state === 'timeout' || job.state === 'failed';
  const limit = job.kind === 'logUpload' ? LOG_UPLOAD_TIMEOUT_S : UPGRADE_STAGE_TIMEOUT_S[job.stage as UpgradeStage];
  return (
    <Card
      size="small"
      data-testid={TEST_IDS.job}
      data-state={job.state}
      data-stage={job.stage}
      title={
        <Space wrap>
          <span>{t(`kind.${job.kind}`, { defaultValue: job.kind })}</span>
          <Typography.Text code>{job.target}{job.version ? ` → ${job.version}` : ''}</Typography.Text>
          <Tag color={stateColour[job.state] ?? 'default'} data-testid={TEST_IDS.jobState}>{t(`state.${job.state}`, { defaultValue: job.state })}</Tag>
        </Space>
      }
      extra={
        job.state === 'running' ? (
          <Button size="small" icon={<StopOutlined />} onClick={onCancel} data-testid={TEST_IDS.cancel}>{t('cancel')}</Button>
        ) : null
      }
    >
      <Steps
        size="small"
        current={job.state === 'done' ? stages.length : current}
        status={failed ? 'error' : job.state === 'done' ? 'finish' : 'process'}
        items={stages.map((s, i) => ({
          title: t(`stage.${s}`, { defaultValue: s }),
          description: i === current && job.state === 'running' ? `${Math.round(job.progress)}%` : undefined,
        }))}
      />
      {job.state === 'running' ? <Progress percent={Math.round(job.progress)} size="small" data-testid={TEST_IDS.jobProgress} /> : null}
      {failed ? (
        <Alert
          style={{ marginTop: 8 }}
          type="error"
          showIcon
          data-testid={TEST_IDS.jobTimeout}
          message={
            job.state === 'timeout'
              ? t('timedOut', { stage: t(`stage.${job.stage}`, { defaultValue: job.stage }), seconds: limit ?? 0 })
              : job.message && job.message in MESSAGES
                ? t('failedBecause', { stage: t(`stage.${job.stage}`, { defaultValue: job.stage }), reason: formatMessage(job.message as MessageKey, getLang()) })
                : t('failedIn', { stage: t(`stage.${job.stage}`, { defaultValue: job.stage }) })
          }
        />
      ) : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('updatedAt', { time: formatDateTime(job.updatedAt, getLang()) })}</Typography.Text>
    </Card>
  );
}

function UpgradeDialog({ robotId, software, onClose, onStarted }: { robotId: string; software: Software | null; onClose: () => void; onStarted: (job: Job) => void }) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ version: string }>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (software) form.setFieldsValue({ version: software.latest ?? '' });
  }, [software, form]);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is wrong
    const { version } = values;
    setBusy(true);
    try {
      const a = await callEvent('softwareUpdate', { robotId, name: software!.name, version });
      onStarted(a.job as Job);
      onClose();
    } catch (err) {
      if (!isAbortedError(err)) message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={!!software} title={t('upgradeTitle', { name: software?.name ?? '' })} onCancel={onClose} onOk={() => void submit()} okText={t('upgrade')} confirmLoading={busy} destroyOnHidden okButtonProps={{ 'data-testid': TEST_IDS.upgradeOk } as never}>
      <Typography.Paragraph type="secondary">{t('upgradeHint', { current: software?.version ?? '' })}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item name="version" label={t('targetVersion')} rules={[{ required: true, message: t('versionRequired') }, { pattern: /^[0-9A-Za-z.+-]{1,32}$/, message: t('versionFormat') }]}>
          <Input data-testid={TEST_IDS.upgradeVersion} maxLength={32} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ProgramUpload({ robotId, onDone }: { robotId: string; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ name: string; version?: string }>();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [abort, setAbort] = useState<AbortController | null>(null);
  const close = () => {
    abort?.abort();
    setOpen(false);
    setFile(null);
    setPercent(null);
    form.resetFields();
  };
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    if (!file) return void message.error(t('programFileRequired'));
    const ctl = new AbortController();
    setAbort(ctl);
    setPercent(0);
    try {
      const base = getConfig()?.largeFileUrl ?? '';
      await uploadProgram(base, getToken() ?? '', getLang(), { robotId, name: v.name, ...(v.version ? { version: v.version } : {}) }, file, setPercent, ctl.signal);
      message.success(t('programUploaded', { name: v.name }));
      setAbort(null);
      close();
      onDone();
    } catch (err) {
      setPercent(null);
      setAbort(null);
      if (!isAbortedError(err)) message.error((err as Error).message);
    }
  };
  return (
    <>
      <Button icon={<CloudUploadOutlined />} onClick={() => setOpen(true)} data-testid={TEST_IDS.programUpload}>{t('uploadProgram')}</Button>
      <Modal open={open} title={t('uploadProgram')} onCancel={close} onOk={() => void submit()} okText={t('upload')} confirmLoading={percent !== null} destroyOnHidden okButtonProps={{ 'data-testid': TEST_IDS.programUploadOk } as never}>
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={t('programName')} rules={[{ required: true, message: t('programNameRequired') }, { pattern: /^[A-Za-z0-9_.-]{1,64}$/, message: t('programNameFormat') }]}>
            <Input maxLength={64} data-testid={TEST_IDS.programName} />
          </Form.Item>
          <Form.Item name="version" label={t('version')} rules={[{ pattern: /^[0-9A-Za-z.+-]{0,32}$/, message: t('versionFormat') }]}>
            <Input maxLength={32} data-testid={TEST_IDS.programVersion} />
          </Form.Item>
          <Form.Item label={t('programFile')} extra={t('programLimit')}>
            <Upload
              maxCount={1}
              beforeUpload={(f) => {
                setFile(f);
                return false;
              }}
              onRemove={() => setFile(null)}
              fileList={file ? [{ uid: '1', name: file.name, size: file.size, status: 'done' }] : []}
            >
              <Button icon={<UploadOutlined />} data-testid={TEST_IDS.programFile}>{t('chooseFile')}</Button>
            </Upload>
          </Form.Item>
          {percent !== null ? <Progress percent={percent} data-testid={TEST_IDS.programProgress} /> : null}
        </Form>
      </Modal>
    </>
  );
}

function RobotSoftware({ robot, job, onJob }: { robot: FleetRobot; job: Job | undefined; onJob: (job: Job) => void }) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const [softwares, setSoftwares] = useState<Software[] | null>(null);
  const [packs, setPacks] = useState<Packs | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [upgrading, setUpgrading] = useState<Software | null>(null);
  const robotId = robot.robotId;

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      const [s, p, j] = await Promise.all([callEvent('getSoftwares', { robotId }), callEvent('getServicePack', { robotId }), callEvent('getSoftwareJob', { robotId })]);
      setSoftwares(s.softwares);
      setPacks(p);
      if (j.job) onJob(j.job as Job);
    } catch (err) {
      if (!isAbortedError(err)) setError((err as Error).message);
    } finally {
      setLoading(false);
    }
  }, [robotId, onJob]);

  useEffect(() => {
    setSoftwares(null);
    setPacks(null);
    void load();
  }, [load]);

  // A job that ends changes versions and lists: read them again.
  const jobEnd = job && job.state !== 'running' ? `${job.jobId}:${job.state}` : '';
  useEffect(() => {
    if (jobEnd) void load();
  }, [jobEnd]);

  // A robot that stops reporting: ask the server now and then (it reads a stage past its time-out as timed out).
  useEffect(() => {
    if (job?.state !== 'running') return;
    const id = setInterval(() => void callEvent('getSoftwareJob', { robotId }).then((a) => a.job && onJob(a.job as Job), () => undefined), 15_000);
    return () => clearInterval(id);
  }, [job?.state, robotId, onJob]);

  const run = async (what: () => Promise<unknown>, done?: string) => {
    try {
      const a = (await what()) as { job?: Job };
      if (a?.job) onJob(a.job);
      if (done) message.success(done);
      if (!a?.job) void load();
    } catch (err) {
      if (!isAbortedError(err)) message.error((err as Error).message);
    }
  };
  const running = job?.state === 'running';

  const packColumns = (kind: 'pack' | 'program') => [
    { title: t('name'), dataIndex: 'name', render: (v: string, r: Pack) => <Space>{v}{r.onServer ? <Tag color="blue">{t('onServer')}</Tag> : null}</Space> },
    { title: t('version'), dataIndex: 'version', width: 110 },
    { title: t('size'), dataIndex: 'size', width: 110, render: (v: number) => formatBytes(v) },
    { title: t('installed'), dataIndex: 'installed', width: 110, render: (v: boolean) => (v ? <Tag color="green">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>) },
    {
      title: t('actions'),
      width: 190,
      render: (_: unknown, r: Pack) => (
        <Space size={4}>
          {!r.installed ? (
            <Popconfirm title={t(kind === 'pack' ? 'confirmIssuePack' : 'confirmIssueProgram', { name: r.name })} onConfirm={() => run(() => callEvent('issueServicePack', { robotId, name: r.name }))} okButtonProps={{ 'data-testid': TEST_IDS.confirmOk } as never}>
              <Button size="small" type="link" disabled={running || !robot.online} data-testid={`${TEST_IDS.issue}-${r.name}`}>{t('issue')}</Button>
            </Popconfirm>
          ) : null}
          <Popconfirm
            title={t(kind === 'pack' ? 'confirmDeletePack' : 'confirmDeleteProgram', { name: r.name })}
            okButtonProps={{ danger: true, 'data-testid': TEST_IDS.confirmOk } as never}
            onConfirm={() => run(() => (kind === 'pack' ? callEvent('deleteServicePack', { robotId, name: r.name }) : callEvent('deleteProgram', { robotId, name: r.name })), t('deleted', { name: r.name }))}
          >
            <Button size="small" type="link" danger data-testid={`${TEST_IDS.delete}-${r.name}`}>{t('delete')}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space>
            <span data-testid={TEST_IDS.robotTitle}>{robot.robotName}</span>
            <Typography.Text type="secondary">{robot.robotId}</Typography.Text>
            <Badge status={robot.online ? 'success' : 'default'} text={robot.online ? t('online') : t('offline')} />
          </Space>
        }
        extra={<Button size="small" icon={<ReloadOutlined />} onClick={() => void load()} loading={loading} aria-label={t('refresh')}>{t('refresh')}</Button>}
        styles={{ body: error || job ? undefined : { display: 'none' } }}
      >
        {error ? <Alert type="error" showIcon message={error} data-testid={TEST_IDS.error} action={<Button size="small" onClick={() => void load()}>{t('retry')}</Button>} /> : null}
        {job ? <JobPanel job={job} onCancel={() => void run(() => callEvent('cancelFtpMission', { robotId }))} /> : null}
      </Card>
      <Card size="small" styles={{ body: { paddingTop: 0 } }}>
        <Tabs
          items={[
            {
              key: 'software',
              label: t('softwareTab'),
              children: (
                <Table<Software>
                  rowKey="name"
                  size="small"
                  data-testid={TEST_IDS.softwareTable}
                  loading={loading && !softwares}
                  dataSource={softwares ?? []}
                  pagination={false}
                  locale={{ emptyText: <Empty description={error ? t('unavailable') : t('noSoftware')} /> }}
                  rowClassName={(r) => (isOutdated(r.version, r.latest) ? 'node-version-outdated' : '')}
                  columns={[
                    { title: t('name'), dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name) },
                    { title: t('kindCol'), dataIndex: 'kind', width: 110, render: (v: string) => <Tag>{t(`softwareKind.${v}`, { defaultValue: v })}</Tag> },
                    { title: t('current'), dataIndex: 'version', width: 110, sorter: (a, b) => compareVersions(a.version, b.version) },
                    { title: t('latest'), dataIndex: 'latest', width: 110, render: (v?: string) => v ?? <Typography.Text type="secondary">—</Typography.Text> },
                    {
                      title: t('status'),
                      width: 130,
                      render: (_: unknown, r) =>
                        isOutdated(r.version, r.latest) ? (
                          <Tag color="red" data-testid={`${TEST_IDS.outdated}-${r.name}`}>{t('outdated')}</Tag>
                        ) : r.latest ? (
                          <Tag color="green">{t('upToDate')}</Tag>
                        ) : (
                          <Tooltip title={t('noLatestHint')}><Tag>{t('noLatest')}</Tag></Tooltip>
                        ),
                    },
                    {
                      title: t('actions'),
                      width: 110,
                      render: (_: unknown, r) => (
                        <Button size="small" type="link" disabled={running || !robot.online} onClick={() => setUpgrading(r)} data-testid={`${TEST_IDS.upgrade}-${r.name}`}>{t('upgrade')}</Button>
                      ),
                    },
                  ]}
                />
              ),
            },
            {
              key: 'packs',
              label: t('packsTab'),
              children: <Table<Pack> rowKey="name" size="small" data-testid={TEST_IDS.packTable} loading={loading && !packs} dataSource={packs?.packs ?? []} pagination={false} columns={packColumns('pack')} locale={{ emptyText: <Empty description={t('noPacks')} /> }} />,
            },
            {
              key: 'programs',
              label: t('programsTab'),
              children: (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <ProgramUpload robotId={robotId} onDone={() => void load()} />
                  <Table<Pack> rowKey="name" size="small" data-testid={TEST_IDS.programTable} loading={loading && !packs} dataSource={packs?.programs ?? []} pagination={false} columns={packColumns('program')} locale={{ emptyText: <Empty description={t('noPrograms')} /> }} />
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <UpgradeDialog robotId={robotId} software={upgrading} onClose={() => setUpgrading(null)} onStarted={onJob} />
    </Space>
  );
}

export function NodeVersionPage() {
  const { t } = useTranslation(NS);
  const robots = useFleetRobots();
  const [jobs, putJob] = useJobs();
  const { selection } = useRobotSelection();
  const [chosen, setChosen] = useState<string | null>(null);
  const sorted = useMemo(() => [...(robots ?? [])].sort((a, b) => b.online - a.online || a.robotName.localeCompare(b.robotName)), [robots]);
  const outdated = useOutdatedCounts(sorted, jobs);
  const current = sorted.find((r) => r.robotId === chosen) ?? sorted.find((r) => r.robotId === selection.robotId) ?? sorted[0];

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid={TEST_IDS.page}>
      <style>{'.node-version-outdated td { background: rgba(207, 19, 34, 0.08) !important; }'}</style>
      <Card size="small">
        <Typography.Title level={4} style={{ margin: 0 }}>{t('title')}</Typography.Title>
        <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
      </Card>
      <Row gutter={12}>
        <Col span={8}>
          <Card size="small" title={t('robots')} styles={{ body: { padding: 0 } }}>
            <Table<FleetRobot>
              rowKey="robotId"
              size="small"
              loading={robots === null}
              dataSource={sorted}
              pagination={{ pageSize: 10, showSizeChanger: false, size: 'small' }}
              locale={{ emptyText: <Empty description={t('noRobots')} /> }}
              onRow={(r) => ({
                onClick: () => setChosen(r.robotId),
                onKeyDown: (e: { key: string }) => (e.key === 'Enter' || e.key === ' ') && setChosen(r.robotId),
                tabIndex: 0,
                style: { cursor: 'pointer' },
                'data-testid': `${TEST_IDS.robotRow}-${r.robotId}`,
              }) as never}
              rowClassName={(r) => (r.robotId === current?.robotId ? 'ant-table-row-selected' : '')}
              columns={[
                { title: t('robot'), dataIndex: 'robotName', render: (v: string, r) => <Badge status={r.online ? 'success' : 'default'} text={v} /> },
                {
                  title: t('versions'),
                  width: 96,
                  render: (_: unknown, r) => {
                    const n = outdated[r.robotId];
                    if (!r.online || n === undefined || n === null) return <Typography.Text type="secondary">—</Typography.Text>;
                    return n > 0 ? <Tag color="red" data-testid={`${TEST_IDS.robotOutdated}-${r.robotId}`}>{t('outdatedCount', { count: n })}</Tag> : <Tag color="green">{t('upToDate')}</Tag>;
                  },
                },
                {
                  title: t('job'),
                  width: 80,
                  render: (_: unknown, r) => {
                    const j = jobs[r.robotId];
                    if (!j) return null;
                    return j.state === 'running' ? (
                      <Progress percent={Math.round(((UPGRADE_STAGES.indexOf(j.stage as UpgradeStage) + 1 || 1) - 1 + j.progress / 100) * (j.kind === 'logUpload' ? 100 : 25))} size="small" showInfo={false} />
                    ) : (
                      <Tag color={stateColour[j.state] ?? 'default'}>{t(`state.${j.state}`, { defaultValue: j.state })}</Tag>
                    );
                  },
                },
              ]}
            />
          </Card>
        </Col>
        <Col span={16}>{current ? <RobotSoftware key={current.robotId} robot={current} job={jobs[current.robotId]} onJob={putJob} /> : <Card>{robots === null ? null : <Empty description={t('noRobots')} />}</Card>}</Col>
      </Row>
    </Space>
  );
}
