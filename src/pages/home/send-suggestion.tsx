/** The header's "Send suggestion" dialog (issue 19 suggestion): text and an optional screenshot, for every logged-in user (addSuggestion). */
import { useState } from 'react';
import { App, Button, Form, Input, Modal, Tooltip, Upload } from 'antd';
import { BulbOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { acceptFor, callNamedEvent, isAbortedError, uploadFile, type Lang } from '@runtime';

const TEXT = {
  en: { open: 'Send suggestion', title: 'Send a suggestion', content: 'Your suggestion', picture: 'Screenshot (optional)', choose: 'Choose a picture', send: 'Send', sent: 'Thank you, your suggestion was sent', empty: 'Please write your suggestion' },
  zh: { open: '提交建议', title: '提交建议', content: '您的建议', picture: '截图（可选）', choose: '选择图片', send: '提交', sent: '感谢您的建议，已提交', empty: '请填写建议内容' },
  ja: { open: '提案を送る', title: '提案を送る', content: 'ご提案', picture: 'スクリーンショット（任意）', choose: '画像を選択', send: '送信', sent: 'ご提案を送信しました。ありがとうございます', empty: '提案内容を入力してください' },
} as const;

/** Header button and dialog. */
export function SendSuggestion() {
  const { i18n } = useTranslation();
  const lang = (['en', 'zh', 'ja'].includes(i18n.language) ? i18n.language : 'en') as Lang;
  const tx = TEXT[lang as keyof typeof TEXT] ?? TEXT.en;
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [picture, setPicture] = useState<{ url: string; name: string }>();
  const [form] = Form.useForm<{ content: string }>();
  const close = () => {
    setOpen(false);
    setProblem(undefined);
    setPicture(undefined);
    form.resetFields();
  };
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    setProblem(undefined);
    try {
      await callNamedEvent('addSuggestion', { content: v.content, ...(picture ? { picture: picture.url } : {}) });
      message.success(tx.sent);
      close();
    } catch (err) {
      if (!isAbortedError(err)) setProblem((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Tooltip title={tx.open}>
        <Button type="text" icon={<BulbOutlined />} onClick={() => setOpen(true)} data-testid="send-suggestion" aria-label={tx.open} />
      </Tooltip>
      <Modal open={open} title={tx.title} okText={tx.send} confirmLoading={busy} onOk={() => void submit()} onCancel={close} destroyOnHidden okButtonProps={{ id: 'suggestion-send' }}>
        <Form form={form} layout="vertical" data-testid="suggestion-form">
          <Form.Item name="content" label={tx.content} rules={[{ required: true, whitespace: true, message: tx.empty }]}>
            <Input.TextArea rows={5} maxLength={1000} showCount data-testid="suggestion-content" />
          </Form.Item>
          <Form.Item label={tx.picture}>
            <Upload
              accept={acceptFor('image')}
              maxCount={1}
              fileList={picture ? [{ uid: picture.url, name: picture.name, status: 'done', url: picture.url }] : []}
              onRemove={() => setPicture(undefined)}
              customRequest={({ file, onSuccess, onError, onProgress }) => {
                uploadFile(file as File, 'image', (percent) => onProgress?.({ percent }), lang)
                  .then((up) => {
                    setPicture({ url: up.url, name: up.name });
                    onSuccess?.(up);
                  })
                  .catch((err: Error) => {
                    setProblem(err.message);
                    onError?.(err);
                  });
              }}
            >
              <Button icon={<UploadOutlined />}>{tx.choose}</Button>
            </Upload>
          </Form.Item>
          {problem ? (
            <div role="alert" style={{ color: '#ff4d4f' }}>
              {problem}
            </div>
          ) : null}
        </Form>
      </Modal>
    </>
  );
}
