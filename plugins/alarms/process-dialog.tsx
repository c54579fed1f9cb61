/**
 * The alarm pop-up's process dialog (alarm-popup.tsx): what the alarm is, the process status and
 * result; then a confirmation that says what will be saved; then the server's answer (saved, or its
 * refusal in place). A lazy chunk: it loads when the first pop-up shows (issue 23).
 */
import { useState } from 'react';
import { Button, Descriptions, Form, Input, Modal, Radio, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AlarmProcessStatus, alarmCodeText, callEvent, isAbortedError, LevelTag, useFormat, type AlarmPush, type Lang } from '@runtime';
import { ALARM_TEST_IDS as IDS } from './test-ids';

/**
 * Processing an alarm: what it is, the process status and result; then a confirmation that says
 * what will be saved; then the server's answer (saved, or its refusal in place).
 */
export default function ProcessDialog({ alarm, onClose, onDone }: { alarm: AlarmPush; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation('alarms');
  const lang = i18n.language as Lang;
  const fmt = useFormat();
  const [form] = Form.useForm<{ processStatus: number; result: string }>();
  const [step, setStep] = useState<'form' | 'confirm' | 'done'>('form');
  const [values, setValues] = useState<{ processStatus: number; result: string }>();
  const [problem, setProblem] = useState<string>();
  const [savedAt, setSavedAt] = useState<string>();
  const [busy, setBusy] = useState(false);
  const robot = alarm.robotName ?? alarm.robotId;
  const statusText = (s: number) => (s === AlarmProcessStatus.processed ? t('processed') : t('noProcessingNeeded'));

  const next = async () => {
    try {
      setValues(await form.validateFields());
      setProblem(undefined);
      setStep('confirm');
    } catch {
      // The form shows what is missing.
    }
  };
  const confirm = async () => {
    if (!values) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await callEvent('setAlarmsProcess', { id: alarm.id, ...values });
      setSavedAt(fmt.dateTime(Date.now()));
      setStep('done');
      onDone();
    } catch (err) {
      if (!isAbortedError(err)) setProblem((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const footer =
    step === 'form' ? (
      <Space>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button type="primary" onClick={() => void next()} data-testid={IDS.submit}>
          {t('submit')}
        </Button>
      </Space>
    ) : step === 'confirm' ? (
      <Space>
        <Button onClick={() => setStep('form')} disabled={busy} data-testid={IDS.back}>
          {t('back')}
        </Button>
        <Button type="primary" loading={busy} onClick={() => void confirm()} data-testid={IDS.confirm}>
          {t('confirm')}
        </Button>
      </Space>
    ) : (
      <Button type="primary" onClick={onClose} data-testid={IDS.done} autoFocus>
        {t('close')}
      </Button>
    );

  return (
    <Modal open title={t('dialogTitle', { robot })} onCancel={onClose} footer={footer} data-testid={IDS.dialog} destroyOnHidden maskClosable={false}>
      <Descriptions
        size="small"
        column={1}
        bordered
        style={{ marginBottom: 16 }}
        items={[
          { key: 'robot', label: t('robot'), children: `${robot} (${alarm.robotId})` },
          {
            key: 'alarm',
            label: t('alarm'),
            children: (
              <Space size={4} wrap>
                <LevelTag level={alarm.level} fallback={t('level', { level: alarm.level })} />
                {alarmCodeText(alarm.code, lang)}
              </Space>
            ),
          },
          { key: 'raised', label: t('raised'), children: fmt.dateTime(alarm.createdAt) },
        ]}
      />
      {/* The form stays mounted (hidden) through the confirmation, so Back keeps what was typed. */}
      <div hidden={step !== 'form'}>
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
      </div>
      {step === 'confirm' && values ? (
        <Space direction="vertical" data-testid={IDS.confirmText}>
          <Typography.Text strong>{t('confirmText', { alarm: alarmCodeText(alarm.code, lang), robot, status: statusText(values.processStatus) })}</Typography.Text>
          <Typography.Text type="secondary">{t('confirmResult', { result: values.result.trim() })}</Typography.Text>
        </Space>
      ) : null}
      {step === 'done' ? <Result status="success" title={t('done')} subTitle={t('doneText', { time: savedAt })} style={{ padding: 16 }} /> : null}
      {problem ? <Typography.Text type="danger" role="alert">{problem}</Typography.Text> : null}
    </Modal>
  );
}
