/**
 * Named PTZ presets of the robot (issue 20: getPTZParam / setPTZParam, stored on the robot):
 * the list with names, go to one on the shown camera (cameraFocus code 130), save the camera's
 * current position under a number and a name (cameraFocus code 129, then the named list), and
 * remove a name. Presets 2, 45 and 49 are reserved: the robot's list refuses them with the
 * spec's message before the camera is touched.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Empty, Input, List, Modal, Popconfirm, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callEvent, isAbortedError } from '@runtime';
import { CameraAction, MAX_PRESET } from '@common/robot-control';
import type { CommandAnswer, useRobotCommand } from './use-robot-command';

export interface NamedPreset {
  id: number;
  name: string;
}

type Run = ReturnType<typeof useRobotCommand>['run'];

/** The dialog of the robot's named presets for one camera. */
export function PtzPresetsDialog({ robotId, cameraId, cameraName, open, onClose, run }: { robotId: string; cameraId: number; cameraName: string; open: boolean; onClose: () => void; run: Run }) {
  const { t } = useTranslation('telecontrol');
  const { message } = App.useApp();
  const [presets, setPresets] = useState<NamedPreset[]>();
  const [loadError, setLoadError] = useState<string>();
  const [number, setNumber] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setLoadError(undefined);
    try {
      const answer = (await callEvent('getPTZParam', { robotId })) as { presets?: NamedPreset[] } | undefined;
      setPresets([...(answer?.presets ?? [])].sort((a, b) => a.id - b.id));
    } catch (err) {
      if (!isAbortedError(err)) setLoadError((err as Error).message);
    }
  }, [robotId]);
  useEffect(() => {
    if (!open) return;
    setPresets(undefined);
    setError(undefined);
    void load();
  }, [open, load]);

  const store = async (list: NamedPreset[]) => {
    const answer = (await callEvent('setPTZParam', { robotId, presets: list })) as { presets?: NamedPreset[] } | undefined;
    setPresets([...(answer?.presets ?? list)].sort((a, b) => a.id - b.id));
  };
  const save = async () => {
    const id = Number(number);
    if (!number || !name.trim()) return setError(t('presets.needBoth'));
    if (id < 1 || id > MAX_PRESET) return setError(t('presets.range', { max: MAX_PRESET }));
    setError(undefined);
    setBusy(true);
    try {
      // The named list first: it refuses the reserved numbers (2, 45, 49) before the camera moves anything.
      const before = presets ?? [];
      await store([...before.filter((p) => p.id !== id), { id, name: name.trim() }]);
      const answer: CommandAnswer | null = await run('cameraPtz', t('ptz.setPreset', { preset: id }), 'cameraFocus', { robotId, cameraId, Action: CameraAction.setPreset, preset: String(id) }, { quiet: true });
      if (!answer?.ok) {
        await store(before).catch(() => undefined);
        return setError(answer?.text);
      }
      void message.success(t('presets.saved', { id, name: name.trim() }));
      setNumber('');
      setName('');
    } catch (err) {
      if (!isAbortedError(err)) setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: number) => {
    setError(undefined);
    try {
      await store((presets ?? []).filter((p) => p.id !== id));
    } catch (err) {
      if (!isAbortedError(err)) setError((err as Error).message);
    }
  };
  const go = async (p: NamedPreset) => {
    const answer = await run('cameraPtz', t('ptz.goPreset', { preset: `${p.id} ${p.name}` }), 'cameraFocus', { robotId, cameraId, Action: CameraAction.goPreset, preset: String(p.id) });
    setError(answer && !answer.ok ? answer.text : undefined);
  };

  return (
    <Modal open={open} onCancel={onClose} footer={null} width={520} title={t('presets.title', { camera: cameraName })} destroyOnHidden>
      <div data-testid="ptz-presets-dialog">
        {loadError ? (
          <Alert type="error" showIcon message={loadError} action={<Button size="small" onClick={() => void load()}>{t('presets.retry')}</Button>} style={{ marginBottom: 8 }} />
        ) : presets === undefined ? (
          <div style={{ textAlign: 'center', padding: 16 }}>
            <Spin />
          </div>
        ) : presets.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('presets.empty')} />
        ) : (
          <List
            size="small"
            bordered
            style={{ maxHeight: 260, overflowY: 'auto' }}
            dataSource={presets}
            data-testid="ptz-presets-list"
            renderItem={(p) => (
              <List.Item
                data-testid={`ptz-preset-${p.id}`}
                actions={[
                  <Button key="go" size="small" type="primary" onClick={() => void go(p)} data-testid={`ptz-preset-go-${p.id}`}>
                    {t('ptz.go')}
                  </Button>,
                  <Popconfirm key="remove" title={t('presets.removeConfirm', { id: p.id, name: p.name })} onConfirm={() => remove(p.id)} okButtonProps={{ danger: true }}>
                    <Button size="small" danger type="link" data-testid={`ptz-preset-remove-${p.id}`}>
                      {t('presets.remove')}
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <Space>
                  <Typography.Text strong style={{ minWidth: 32, display: 'inline-block' }}>
                    {p.id}
                  </Typography.Text>
                  <Typography.Text>{p.name}</Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        )}
        <Typography.Paragraph strong style={{ margin: '12px 0 4px' }}>
          {t('presets.saveTitle')}
        </Typography.Paragraph>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            style={{ width: 110 }}
            value={number}
            inputMode="numeric"
            maxLength={String(MAX_PRESET).length}
            placeholder={t('presets.number')}
            aria-label={t('presets.number')}
            onChange={(e) => setNumber(e.target.value.replace(/\D/g, ''))}
            data-testid="ptz-preset-number"
          />
          <Input value={name} maxLength={16} placeholder={t('presets.name')} aria-label={t('presets.name')} onChange={(e) => setName(e.target.value)} onPressEnter={() => void save()} data-testid="ptz-preset-name" />
          <Button type="primary" loading={busy} onClick={() => void save()} data-testid="ptz-preset-save">
            {t('presets.save')}
          </Button>
        </Space.Compact>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('ptz.presetHint')}
        </Typography.Text>
        {error ? <Alert type="error" showIcon message={error} style={{ marginTop: 8 }} data-testid="ptz-preset-error" /> : null}
      </div>
    </Modal>
  );
}
