/**
 * `image-upload` and `file-upload`: the file goes to POST /api/upload (kind from `x-upload-kind`)
 * with a progress bar; the field keeps the returned url. Files at or above the limit are refused
 * before sending with the server's own message; a failed upload leaves the field as it was.
 */
import { useState } from 'react';
import { Alert, Button, Image, Progress, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@common/uploads';
import type { Lang } from '@common/protocol';
import { Timeouts } from '@common/constants';
import { earlyRefusal, uploadFile, uploadLimit } from './upload-request';

function makeUploadWidget(image: boolean) {
  return function UploadWidget({ id, value, onChange, disabled, readonly, schema }: WidgetProps) {
    const { t, i18n } = useTranslation();
    const lang = i18n.language as Lang;
    const kind = (schema['x-upload-kind'] as string | undefined) ?? (image ? 'image' : 'file');
    const limit = uploadLimit(kind, schema['x-max-bytes'] as number | undefined);
    const [percent, setPercent] = useState<number | null>(null);
    const [problem, setProblem] = useState<string>();
    const locked = disabled || readonly;
    const url = typeof value === 'string' && value ? value : undefined;

    const send = async (file: File) => {
      setProblem(undefined);
      const refusal = earlyRefusal(file.size, limit, lang);
      if (refusal) return setProblem(refusal);
      setPercent(0);
      try {
        const stored = await uploadFile(file, kind, setPercent, lang);
        setPercent(100);
        // Spec §9: the item is marked done 200 ms after the server returns its url.
        setTimeout(() => {
          setPercent(null);
          onChange(stored.url);
        }, Timeouts.uploadSuccessMarkMs);
      } catch (err) {
        setPercent(null);
        setProblem((err as Error).message);
      }
    };

    return (
      <Space direction="vertical" style={{ width: '100%' }} id={id}>
        <Space align="center" wrap>
          {url && image ? <Image src={url} width={64} height={64} style={{ objectFit: 'cover', borderRadius: 6 }} /> : null}
          {url && !image ? (
            <Typography.Link href={url} target="_blank">
              <PaperClipOutlined /> {url.split('/').pop()}
            </Typography.Link>
          ) : null}
          <Upload
            accept={image ? 'image/png,image/jpeg,image/gif,image/webp' : undefined}
            showUploadList={false}
            disabled={locked || percent !== null}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} disabled={locked || percent !== null} data-testid={`upload-${id}`}>
              {url ? t('upload.replace') : t('upload.choose')}
            </Button>
          </Upload>
          {url && !locked ? <Button icon={<DeleteOutlined />} type="text" danger aria-label={t('upload.remove')} onClick={() => onChange(undefined)} /> : null}
        </Space>
        {percent !== null ? <Progress percent={percent} size="small" style={{ maxWidth: 320 }} /> : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('upload.limit', { limit: formatBytes(limit) })}
        </Typography.Text>
        {problem ? <Alert type="error" showIcon message={problem} data-testid={`upload-error-${id}`} /> : null}
      </Space>
    );
  };
}

/** `image-upload`: an image with a thumbnail. */
export const ImageUploadWidget = makeUploadWidget(true);
/** `file-upload`: any file the kind accepts, shown as a link. */
export const FileUploadWidget = makeUploadWidget(false);
