/** The own-password dialog of the header (modifyPassword): old password, new one twice, the spec's rules. */
import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { FORMATS } from '@common/formats';
import { callEvent, isAbortedError, useCatalogue } from '@runtime';

/** Dialog to change one's own password. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const say = useCatalogue();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ oldPassword: string; newPassword: string; confirm: string }>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    setProblem(undefined);
    try {
      await callEvent('modifyPassword', { oldPassword: v.oldPassword, newPassword: v.newPassword });
      message.success(t('password.changed'));
      form.resetFields();
      onClose();
    } catch (err) {
      if (!isAbortedError(err)) setProblem((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={t('password.title')} okText={t('password.save')} confirmLoading={busy} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" data-testid="change-password-form">
        <Form.Item name="oldPassword" label={t('password.old')} rules={[{ required: true, message: say('passwordEmpty') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('password.new')}
          rules={[{ required: true, message: say('passwordEmpty') }, { validator: async (_, v: string) => (!v || FORMATS.password!.validate(v) ? undefined : Promise.reject(new Error(say('format.password')))) }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('password.confirm')}
          dependencies={['newPassword']}
          rules={[{ required: true, message: say('passwordEmpty') }, ({ getFieldValue }) => ({ validator: async (_, v: string) => (v === getFieldValue('newPassword') ? undefined : Promise.reject(new Error(say('passwordsDiffer')))) })]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {problem ? (
          <div role="alert" data-testid="change-password-error" style={{ color: '#ff4d4f' }}>
            {problem}
          </div>
        ) : null}
      </Form>
    </Modal>
  );
}
