/**
 * `images-upload`: several pictures kept as one comma-separated list of upload URLs (spec §3:
 * picture URL lists are comma-separated and the first is shown). `x-max-files` caps the list
 * (faces: 9 per person) with the catalogue's message; each picture can be removed or made first.
 */
import { useState } from 'react';
import { Alert, Button, Image, Progress, Space, Tooltip, Typography, Upload } from 'antd';
import { DeleteOutlined, StarOutlined, UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { Files } from '@common/constants';
import { formatMessage } from '@common/messages';
import { formatBytes } from '@common/uploads';
import type { Lang } from '@common/protocol';
import { isAbortedError } from '../../api/errors';
import { acceptFor, earlyRefusal, uploadFile, uploadLimit } from './upload-request';
import { pictureUrls } from './image-preview-widget';

/** The widget. */
export function ImagesUploadWidget({ id, value, onChange, disabled, readonly, schema }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const max = Number(schema['x-max-files'] ?? Files.facesPerPerson);
  const kind = (schema['x-upload-kind'] as string | undefined) ?? 'image';
  const limit = uploadLimit(kind, schema['x-max-bytes'] as number | undefined);
  const urls = pictureUrls(value);
  const [busy, setBusy] = useState<number | null>(null);
  const [problem, setProblem] = useState<string>();
  const locked = disabled || readonly;
  const set = (next: string[]) => onChange(next.length ? next.join(',') : undefined);

  const send = async (files: File[]) => {
    setProblem(undefined);
    if (urls.length + files.length > max) return setProblem(formatMessage('faceTooMany', lang, { limit: max }));
    const added: string[] = [];
    try {
      for (const [i, file] of files.entries()) {
        const refusal = earlyRefusal(file.size, limit, lang, kind);
        if (refusal) throw new Error(refusal);
        setBusy(Math.round((i / files.length) * 100));
        added.push((await uploadFile(file, kind, () => undefined, lang)).url);
      }
    } catch (err) {
      if (!isAbortedError(err)) setProblem((err as Error).message);
    } finally {
      setBusy(null);
      if (added.length) set([...urls, ...added]);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} id={id} data-testid={`images-${id}`}>
      <Image.PreviewGroup items={urls}>
        <Space wrap size={8}>
          {urls.map((url, i) => (
            <div key={url} style={{ position: 'relative' }}>
              <Image src={url} alt={`${t('preview.picture')} ${i + 1}`} width={72} height={72} style={{ objectFit: 'cover', borderRadius: 6, border: i === 0 ? '2px solid #1677ff' : undefined }} />
              {!locked ? (
                <Space size={0} style={{ position: 'absolute', right: 0, bottom: 0, background: 'rgba(255,255,255,0.85)', borderRadius: 4 }}>
                  {i > 0 ? (
                    <Tooltip title={t('images.makeFirst')}>
                      <Button size="small" type="text" icon={<StarOutlined />} aria-label={t('images.makeFirst')} onClick={() => set([url, ...urls.filter((u) => u !== url)])} />
                    </Tooltip>
                  ) : null}
                  <Tooltip title={t('upload.remove')}>
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('upload.remove')} onClick={() => set(urls.filter((u) => u !== url))} />
                  </Tooltip>
                </Space>
              ) : null}
            </div>
          ))}
        </Space>
      </Image.PreviewGroup>
      <Upload
        accept={acceptFor(kind) ?? 'image/*'}
        multiple
        showUploadList={false}
        disabled={locked || busy !== null || urls.length >= max}
        beforeUpload={(file, list) => {
          if (file === list[list.length - 1]) void send(list as unknown as File[]);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={locked || busy !== null || urls.length >= max} data-testid={`upload-${id}`}>
          {t('images.add', { count: urls.length, max })}
        </Button>
      </Upload>
      {busy !== null ? <Progress percent={busy} size="small" style={{ maxWidth: 320 }} /> : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('upload.limit', { limit: formatBytes(limit) })}
      </Typography.Text>
      {problem ? <Alert type="error" showIcon message={problem} data-testid={`upload-error-${id}`} /> : null}
    </Space>
  );
}
