/**
 * Live alarm pop-up: listens to the realtime topic `alarms` while the shell is mounted and shows
 * each new alarm (push `alarm` with popup set) as an antd notification: robot, code text in the
 * user's language (spec §8), level and kind, with "Process" (a dialog calling setAlarmsProcess)
 * and a link to the unhandled events. Level 3 stays until closed; a processed, released or
 * outdated alarm closes its notification.
 */
import { useEffect, useState, type HTMLAttributes } from 'react';
import { App, Button, Form, Input, Modal, notification as notification_, Radio, Space, Tag, Typography } from 'antd';
import { SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ALARM_TOPIC, AlarmProcessStatus, alarmCodeText, callEvent, isAbortedError, navigateTo, realtimeLink, type AlarmPush, type Lang } from '@runtime';
import { ALARM_TEST_IDS as IDS } from './test-ids';

const LEVEL_COLOUR: Record<number, string> = { 1: 'blue', 2: 'orange', 3: 'red' };
const LEVEL_TYPE = { 1: 'info', 2: 'warning', 3: 'error' } as const;
/** Seconds a level 1-2 pop-up stays (level 3 stays until closed). */
const POPUP_SECONDS = 15;

const keyOf = (id: number) => `alarm-${id}`;
/** A snapshot alarm younger than this still pops up (it was raised while the page was loading or the link was down). */
const RECENT_MS = 60_000;
/** Alarms already shown in this tab (kept over reloads): a snapshot after a reconnect or a reload does not show them again. */
const SHOWN_KEY = 'fc.alarmPopupsShown';
const shown = {
  ids(): number[] {
    try {
      return JSON.parse(sessionStorage.getItem(SHOWN_KEY) ?? '[]') as number[];
    } catch {
      return [];
    }
  },
  has(id: number): boolean {
    return this.ids().includes(id);
  },
  add(id: number): void {
    try {
      sessionStorage.setItem(SHOWN_KEY, JSON.stringify([...this.ids(), id].slice(-200)));
    } catch {
      // storage full or blocked: the pop-up may show again after a reload, no harm done
    }
  },
};

let audio: AudioContext | null = null;
/**
 * A short two-tone beep, one more for each level. Browsers allow sound only once the user has
 * interacted with the page (autoplay policy): before that it stays silent and says so (false), and
 * a context made too early would stay suspended for good, so none is made before. Later beeps
 * resume it.
 */
function beep(level: number): boolean {
  if (typeof AudioContext === 'undefined') return false;
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return false;
  try {
    const ctx = (audio ??= new AudioContext());
    const play = () => {
      const start = ctx.currentTime;
      for (let i = 0; i < Math.min(3, Math.max(1, level)); i++) {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.frequency.value = i % 2 ? 660 : 880;
        gain.gain.setValueAtTime(0.08, start + i * 0.25);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.25 + 0.2);
        osc.connect(gain).connect(ctx.destination);
        osc.start(start + i * 0.25);
        osc.stop(start + i * 0.25 + 0.2);
      }
    };
    if (ctx.state === 'running') play();
    else void ctx.resume().then(play, () => undefined);
    return true;
  } catch {
    // No audio device: the pop-up alone must do.
    return false;
  }
}

/** The overlay (default export: mounted by the shell). */
export default function AlarmPopup() {
  const { t, i18n } = useTranslation('alarms');
  const lang = i18n.language as Lang;
  // Its own notification instance: at most 4 at once, stacked when more than 2.
  const [notification, holder] = notification_.useNotification({ maxCount: 4, stack: { threshold: 2 } });
  const [processing, setProcessing] = useState<AlarmPush>();

  useEffect(() => {
    const show = (a: AlarmPush) => {
      if (!a.popup || shown.has(a.id)) return;
      shown.add(a.id);
      const silenced = a.sound ? !beep(a.level) : false;
      const robot = a.robotName ?? a.robotId;
      notification.open({
        key: keyOf(a.id),
        type: LEVEL_TYPE[a.level as 1 | 2 | 3] ?? 'warning',
        duration: a.level >= 3 ? 0 : POPUP_SECONDS,
        placement: 'topRight',
        props: { 'data-testid': `${IDS.popup}-${a.id}` } as HTMLAttributes<HTMLDivElement>,
        message: t('title', { robot }),
        description: (
          <Space direction="vertical" size={4}>
            <Typography.Text strong>{alarmCodeText(a.code, lang)}</Typography.Text>
            <Space size={4} wrap>
              <Tag color={LEVEL_COLOUR[a.level] ?? 'default'}>{t('level', { level: a.level })}</Tag>
              <Tag>{t(`kind.${a.kind}`)}</Tag>
              <Typography.Text type="secondary">
                {t('code', { code: a.code })} · {new Date(a.createdAt).toLocaleString(lang)}
              </Typography.Text>
            </Space>
            {silenced ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={IDS.soundBlocked}>
                <SoundOutlined /> {t('soundBlocked')}
              </Typography.Text>
            ) : null}
          </Space>
        ),
        btn: (
          <Space>
            <Button size="small" onClick={() => navigateTo('/home/unhandledEvent')} data-testid={IDS.details}>
              {t('details')}
            </Button>
            <Button size="small" type="primary" onClick={() => setProcessing(a)} data-testid={IDS.process}>
              {t('process')}
            </Button>
          </Space>
        ),
      });
    };
    return realtimeLink.subscribe(ALARM_TOPIC, ({ event, data }) => {
      if (event === 'alarmChange') {
        const a = data as AlarmPush;
        if (a.processStatus !== AlarmProcessStatus.unprocessed || a.status !== 0) notification.destroy(keyOf(a.id));
      } else if (event === 'alarm') show(data as AlarmPush);
      // The first message (also after a reconnect): alarms raised moments ago still pop up.
      else if (event === 'snapshot' && Array.isArray(data)) (data as AlarmPush[]).filter((a) => Date.now() - Date.parse(a.createdAt) < RECENT_MS).forEach(show);
    });
  }, [notification, t, lang]);

  return (
    <>
      {holder}
      {processing ? (
        <ProcessDialog
          alarm={processing}
          onClose={() => setProcessing(undefined)}
          onDone={() => {
            notification.destroy(keyOf(processing.id));
            setProcessing(undefined);
          }}
        />
      ) : null}
    </>
  );
}

/** Asks for the process status and result, then calls setAlarmsProcess; a refusal shows in place. */
function ProcessDialog({ alarm, onClose, onDone }: { alarm: AlarmPush; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('alarms');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ processStatus: number; result: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await callEvent('setAlarmsProcess', { id: alarm.id, ...values });
      message.success(t('done'));
      onDone();
    } catch (err) {
      if (!isAbortedError(err)) message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('dialogTitle', { robot: alarm.robotName ?? alarm.robotId })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('submit')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': IDS.submit } as Record<string, string>}
      data-testid={IDS.dialog}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ processStatus: AlarmProcessStatus.processed }}>
        <Form.Item name="processStatus" label={t('status')} rules={[{ required: true }]}>
          <Radio.Group data-testid={IDS.status}>
            <Radio value={AlarmProcessStatus.processed}>{t('processed')}</Radio>
            <Radio value={AlarmProcessStatus.noProcessingNeeded}>{t('noProcessingNeeded')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="result" label={t('result')} rules={[{ required: true, whitespace: true, message: t('resultRequired') }, { max: 500 }]}>
          <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('resultPlaceholder')} data-testid={IDS.result} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
