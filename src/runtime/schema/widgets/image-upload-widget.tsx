/** `image-upload`: reads an image file into a data URL; refuses files above `x-max-bytes`. */
import { useState } from 'react';
import { Alert, Button, Image, Space, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

function kb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Image upload widget. */
export function ImageUploadWidget({ id, value, onChange, disabled, readonly, schema }: WidgetProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string>();
  const maxBytes = schema['x-max-bytes'] as number | undefined;
  const maxLength = schema.maxLength;
  const locked = disabled || readonly;
  return (
    <Space direction="vertical" style={{ width: '100%' }} id={id}>
      <Space align="start">
        {typeof value === 'string' && value ? (
          <Image src={value} width={96} height={96} style={{ objectFit: 'contain', border: '1px solid rgba(128,128,128,.25)', borderRadius: 6 }} />
        ) : null}
        <Space direction="vertical">
          <Upload
            accept="image/*"
            showUploadList={false}
            disabled={locked}
            beforeUpload={async (file) => {
              setProblem(undefined);
              if (!file.type.startsWith('image/')) {
                setProblem(t('widgets.notAnImage'));
                return Upload.LIST_IGNORE;
              }
              if (maxBytes !== undefined && file.size > maxBytes) {
                setProblem(t('widgets.imageTooLarge', { size: kb(file.size), limit: kb(maxBytes) }));
                return Upload.LIST_IGNORE;
              }
              const url = await readAsDataUrl(file);
              if (maxLength !== undefined && url.length > maxLength) {
                setProblem(t('widgets.imageTooLarge', { size: kb(file.size), limit: kb(Math.floor((maxLength * 3) / 4)) }));
                return Upload.LIST_IGNORE;
              }
              onChange(url);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} disabled={locked}>
              {t('widgets.chooseImage')}
            </Button>
          </Upload>
          {value ? (
            <Button icon={<DeleteOutlined />} danger type="text" disabled={locked} onClick={() => onChange(undefined)}>
              {t('widgets.removeImage')}
            </Button>
          ) : null}
          {maxBytes !== undefined ? <span style={{ opacity: 0.65, fontSize: 12 }}>{t('widgets.imageLimit', { limit: kb(maxBytes) })}</span> : null}
        </Space>
      </Space>
      {problem ? <Alert type="error" showIcon message={problem} /> : null}
    </Space>
  );
}
