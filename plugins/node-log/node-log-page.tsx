/**
 * nodeLog (issue 19): for the selected robot (the switcher in the header picks another), ask for its
 * node logs with live progress (realtime topic robotJob; while running, the server's reading of the
 * job is polled too, so a robot that stops reporting shows spec §8's "Log upload time-out"), cancel,
 * the robot's log files, and a viewer that reads a file on the server page by page with text
 * search and a level filter; download; delete after confirmation (delLog).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Drawer, Empty, Input, Popconfirm, Progress, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, EyeOutlined, FileSearchOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AnswerOf } from '@common/events';
import { LOG_LEVELS, type LogLevel } from '@common/events/node-log';
import { LOG_UPLOAD_TIMEOUT_S } from '@common/events/maintenance-software';
import { formatBytes } from '@common/uploads';
import { RobotSwitcher, SeverityTag, formatDateTime, formatTime, getLang, callEvent, callNamedEvent, catalogueMessage, realtimeLink, useRobotSelection , useCanNow } from '@runtime';
import { NODE_LOG_IDS as IDS } from './test-ids';

type Job = NonNullable<AnswerOf<'getSoftwareJob'>['job']>;
type LogFile = AnswerOf<'getNodeLogs'>['logs'][number];
type Lines = AnswerOf<'getLogLines'>;

const NS = 'node-log';
const PAGE_SIZE = 100;
// Warnings and errors are abnormal: the alarm levels' severity tag (as every screen marks them); the others a plain tag.
const LEVEL_SEVERITY: Record<LogLevel, 0 | 2 | 3> = { DEBUG: 0, INFO: 0, WARN: 2, ERROR: 3 };
const LEVEL_COLOURS: Partial<Record<LogLevel, string>> = { DEBUG: 'default', INFO: 'blue' };

/** The robot's last job: from getSoftwareJob, then live from robotJob pushes (polled while running). */
function useRobotJob(robotId: string | undefined): [Job | null, (j: Job | null) => void] {
  const [job, setJob] = useState<Job | null>(null);
  useEffect(() => {
    setJob(null);
    if (!robotId) return undefined;
    let live = true;
    callEvent('getSoftwareJob', { robotId })
      .then((a) => live && setJob(a.job))
      .catch(() => undefined);
    const off = realtimeLink.subscribe('robotJob', (m) => {
      const j = m.data as Job;
      if (m.event === 'robotJob' && j.robotId === robotId) setJob(j);
    });
    return () => {
      live = false;
      off();
    };
  }, [robotId]);
  // A robot that stops reporting: the server reads the job as timed out after LOG_UPLOAD_TIMEOUT_S.
  const running = job?.state === 'running';
  useEffect(() => {
    if (!robotId || !running) return undefined;
    const timer = setInterval(() => {
      callEvent('getSoftwareJob', { robotId })
        .then((a) => setJob(a.job))
        .catch(() => undefined);
    }, 5000);
    return () => clearInterval(timer);
  }, [robotId, running]);
  return [job, setJob];
}

/** The page (default export: the plugin route). */
export default function NodeLogPage() {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const { selection } = useRobotSelection();
  const robotId = selection.robotId || undefined;
  const [job, setJob] = useRobotJob(robotId);
  const [logs, setLogs] = useState<LogFile[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [viewing, setViewing] = useState<LogFile | null>(null);
  const { data: canWrite } = useCanNow({ resource: 'software', action: 'write' });
  const { data: canDelete } = useCanNow({ resource: 'robotLog', action: 'delete' });

  const load = useCallback(() => {
    if (!robotId) return;
    setError(null);
    callEvent('getNodeLogs', { robotId })
      .then((a) => setLogs(a.logs))
      .catch((e: Error) => (setLogs([]), setError(e.message)));
  }, [robotId]);
  useEffect(() => {
    setLogs(null);
    load();
  }, [load]);
  // The list follows a finished upload (its files are in by then).
  const logJob = job?.kind === 'logUpload' ? job : null;
  useEffect(() => {
    if (logJob?.state === 'done' || logJob?.state === 'cancelled' || logJob?.state === 'timeout') load();
  }, [logJob?.state, logJob?.jobId, load]);

  const act = async (run: () => Promise<{ job: Job }>) => {
    setBusy(true);
    try {
      setJob((await run()).job);
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (f: LogFile) => {
    try {
      // logManage's schema entity event (robot-log x-api delete).
      await callNamedEvent('delLog', { id: f.id });
      message.success(t('deleted', { name: f.fileName }));
      load();
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  const running = job?.state === 'running';
  const timedOut = logJob?.state === 'timeout';
  const columns = [
    { title: t('fileName'), dataIndex: 'fileName', key: 'fileName', ellipsis: true },
    { title: t('logType'), dataIndex: 'logType', key: 'logType', width: 150, render: (v: number) => t(`logTypes.${v}`, { defaultValue: String(v) }) },
    { title: t('size'), dataIndex: 'fileSize', key: 'fileSize', width: 110, render: (v: number) => formatBytes(v) },
    { title: t('uploadTime'), dataIndex: 'uploadTime', key: 'uploadTime', width: 190, render: (v: string) => formatDateTime(v, getLang()) },
    {
      title: t('actions'),
      key: 'actions',
      width: 250,
      render: (_: unknown, f: LogFile) => (
        <Space size={4}>
          <Button size="small" icon={<EyeOutlined />} data-testid={`${IDS.view}-${f.id}`} onClick={() => setViewing(f)}>
            {t('view')}
          </Button>
          {f.fileUrl ? (
            <Button size="small" icon={<DownloadOutlined />} href={f.fileUrl} download={f.fileName} data-testid={`${IDS.download}-${f.id}`}>
              {t('download')}
            </Button>
          ) : null}
          {canDelete?.can ? (
            <Popconfirm title={t('deleteConfirm', { name: f.fileName })} okText={t('delete')} okButtonProps={{ danger: true }} cancelText={t('cancelText')} onConfirm={() => void remove(f)}>
              <Button size="small" danger icon={<DeleteOutlined />} data-testid={`${IDS.delete}-${f.id}`} aria-label={t('delete')} />
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid={IDS.page}>
      <Card size="small">
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space direction="vertical" size={0}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              <FileSearchOutlined /> {t('title')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
          </Space>
          <RobotSwitcher data-testid={IDS.robot} />
        </Space>
      </Card>
      {!robotId ? (
        <Card>
          <Empty data-testid={IDS.noRobot} description={t('noRobot')} />
        </Card>
      ) : (
        <>
          <Card size="small" title={t('uploadTitle')}>
            <Space direction="vertical" style={{ width: '100%' }}>
              <Space wrap>
                {canWrite?.can ? (
                  <Button type="primary" icon={<DownloadOutlined />} loading={busy && !running} disabled={running} data-testid={IDS.ask} onClick={() => void act(() => callEvent('logUpload', { robotId }))}>
                    {t('ask')}
                  </Button>
                ) : null}
                {canWrite?.can && running && logJob ? (
                  <Button icon={<StopOutlined />} data-testid={IDS.cancel} onClick={() => void act(() => callEvent('cancelFtpMission', { robotId }))}>
                    {t('cancel')}
                  </Button>
                ) : null}
                <Typography.Text type="secondary">{t('timeoutHint', { s: LOG_UPLOAD_TIMEOUT_S })}</Typography.Text>
              </Space>
              {job ? (
                <Space style={{ width: '100%' }} align="center">
                  <Tag data-testid={IDS.jobState} data-state={job.state} data-kind={job.kind} color={job.state === 'done' ? 'success' : job.state === 'running' ? 'processing' : job.state === 'cancelled' ? 'default' : 'error'}>
                    {t(`kinds.${job.kind}`, { defaultValue: job.kind })}: {t(`states.${job.state}`, { defaultValue: job.state })}
                  </Tag>
                  <Progress
                    data-testid={IDS.progress}
                    style={{ width: 420, margin: 0 }}
                    percent={Math.round(job.progress)}
                    status={job.state === 'running' ? 'active' : job.state === 'done' ? 'success' : job.state === 'cancelled' ? 'normal' : 'exception'}
                  />
                  <Typography.Text type="secondary">{formatTime(job.updatedAt, getLang())}</Typography.Text>
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('noJob')}</Typography.Text>
              )}
              {timedOut ? <Alert type="error" showIcon data-testid={IDS.timeout} message={catalogueMessage('logUploadTimeout')} description={t('timeoutHelp')} /> : null}
              {job && job.kind !== 'logUpload' && running ? <Alert type="info" showIcon message={t('otherJob')} /> : null}
            </Space>
          </Card>
          <Card size="small" title={t('filesTitle')} extra={<Button size="small" icon={<ReloadOutlined />} onClick={load} aria-label={t('reload')} />}>
            {error ? <Alert type="error" showIcon data-testid={IDS.error} message={error} style={{ marginBottom: 8 }} /> : null}
            <Table<LogFile>
              data-testid={IDS.table}
              size="small"
              rowKey="id"
              loading={logs === null}
              dataSource={logs ?? []}
              columns={columns}
              pagination={{ pageSize: 8, hideOnSinglePage: true }}
              locale={{ emptyText: <Empty description={t('noFiles')} /> }}
              scroll={{ y: 330 }}
            />
          </Card>
        </>
      )}
      <LogViewer file={viewing} onClose={() => setViewing(null)} />
    </Space>
  );
}

/** A log file read on the server: a page of lines, text search, level filter with counts. */
function LogViewer({ file, onClose }: { file: LogFile | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [search, setSearch] = useState('');
  const [levels, setLevels] = useState<LogLevel[]>([]);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Lines | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setSearch('');
    setLevels([]);
    setPage(1);
    setData(null);
  }, [file?.id]);
  useEffect(() => {
    if (!file) return undefined;
    let live = true;
    setLoading(true);
    setError(null);
    callEvent('getLogLines', { id: file.id, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, ...(search ? { search } : {}), ...(levels.length ? { levels } : {}) })
      .then((a) => live && setData(a))
      .catch((e: Error) => live && setError(e.message))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [file, page, search, levels]);
  const counts = data?.levelCounts;
  const options = useMemo(() => LOG_LEVELS.map((l) => ({ value: l, label: `${t(`levels.${l}`)}${counts ? ` (${counts[l]})` : ''}` })), [counts, t]);
  return (
    <Drawer open={!!file} onClose={onClose} width={Math.min(1100, window.innerWidth - 80)} title={file?.fileName} destroyOnClose data-testid={IDS.viewer}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Input.Search
            allowClear
            data-testid={IDS.search}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            style={{ width: 300 }}
            onSearch={(v) => {
              setSearch(v.trim());
              setPage(1);
            }}
          />
          <Checkbox.Group
            data-testid={IDS.levels}
            options={options}
            value={levels}
            onChange={(v) => {
              setLevels(v as LogLevel[]);
              setPage(1);
            }}
          />
        </Space>
        {error ? <Alert type="error" showIcon message={error} /> : null}
        <Typography.Text type="secondary" data-testid={IDS.matched} data-matched={data?.matched ?? ''} data-total={data?.total ?? ''}>
          {data ? t('matched', { matched: data.matched, total: data.total }) : ''}
        </Typography.Text>
        <Table
          data-testid={IDS.lines}
          size="small"
          rowKey="n"
          loading={loading}
          dataSource={data?.lines ?? []}
          showHeader={false}
          scroll={{ y: 'calc(100vh - 290px)' }}
          locale={{ emptyText: <Empty description={t('noLines')} /> }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.matched ?? 0, showSizeChanger: false, onChange: setPage, size: 'small' }}
          columns={[
            { key: 'n', dataIndex: 'n', width: 60, render: (n: number) => <Typography.Text type="secondary">{n}</Typography.Text> },
            { key: 'level', dataIndex: 'level', width: 80, render: (l: LogLevel | null) => (!l ? null : LEVEL_SEVERITY[l] ? <SeverityTag level={LEVEL_SEVERITY[l]}>{l}</SeverityTag> : <Tag color={LEVEL_COLOURS[l]}>{l}</Tag>) },
            {
              key: 'text',
              dataIndex: 'text',
              render: (text: string, row: { level: string | null }) => (
                <code data-level={row.level ?? ''} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>
                  {text}
                </code>
              ),
            },
          ]}
        />
      </Space>
    </Drawer>
  );
}
