/**
 * The "Send suggestion" dialog (issue 19 suggestion): text and an optional screenshot (addSuggestion).
 * A lazy chunk of the shell (antd Form, Upload and Progress load when it first opens, issue 23).
 */
import { useState } from 'react';
import { App, Button, Form, Input, Modal, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { acceptFor, callNamedEvent, isAbortedError, uploadFile, type Lang } from '@runtime';
import { SUGGESTION_TEXT } from './send-suggestion-texts';

/** The dialog; `onClose` when sent or cancelled. */
export default function SendSuggestionDialog({ open, lang, onClose }: { open: boolean; lang: Lang; onClose: () => void }) {
  const tx = SUGGESTION_TEXT[lang] ?? SUGGESTION_TEXT.en;
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [picture, setPicture] = useState<{ url: string; name: string }>();
  const [form] = Form.useForm<{ content: string }>();
  const close = () => {
    onClose();
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
  );
}
