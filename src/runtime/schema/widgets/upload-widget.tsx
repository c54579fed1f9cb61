/**
 * `image-upload` and `file-upload`: the file goes to POST /api/upload (kind from `x-upload-kind`)
 * with a progress bar; the field keeps the returned url. Files at or above the limit are refused
 * before sending with the server's own message; a failed upload leaves the field as it was.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Image, Progress, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@common/uploads';
import type { Lang } from '@common/protocol';
import { Timeouts } from '@common/constants';
import { isAbortedError } from '../../api/errors';
import { acceptFor, earlyRefusal, uploadFile, uploadLimit } from './upload-request';

/** `x-upload-fills`: sibling field names for the uploaded file's original name and byte size. */
export interface UploadFills {
  name?: string;
  size?: string;
}

/** The sibling values an upload fills. */
export function fillsOf(fills: UploadFills, file: { name: string; size: number }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (fills.name) out[fills.name] = file.name;
  if (fills.size) out[fills.size] = file.size;
  return out;
}

function makeUploadWidget(image: boolean) {
  return function UploadWidget({ id, value, onChange, disabled, readonly, schema, registry }: WidgetProps) {
    const { t, i18n } = useTranslation();
    const lang = i18n.language as Lang;
    const kind = (schema['x-upload-kind'] as string | undefined) ?? (image ? 'image' : 'file');
    const limit = uploadLimit(kind, schema['x-max-bytes'] as number | undefined);
    const [percent, setPercent] = useState<number | null>(null);
    const [problem, setProblem] = useState<string>();
    const locked = disabled || readonly;
    const url = typeof value === 'string' && value ? value : undefined;
    // A dialog closed mid-upload cancels the request and the pending "done" mark.
    const pending = useRef<{ controller: AbortController; timer?: ReturnType<typeof setTimeout> }>(undefined);
    useEffect(
      () => () => {
        pending.current?.controller.abort();
        clearTimeout(pending.current?.timer);
      },
      [],
    );

    const send = async (file: File) => {
      setProblem(undefined);
      const refusal = earlyRefusal(file.size, limit, lang, kind);
      if (refusal) return setProblem(refusal);
      const job = { controller: new AbortController() } as NonNullable<typeof pending.current>;
      pending.current = job;
      setPercent(0);
      try {
        const stored = await uploadFile(file, kind, setPercent, lang, job.controller.signal);
        setPercent(100);
        // Spec §9: the item is marked done 200 ms after the server returns its url.
        job.timer = setTimeout(() => {
          setPercent(null);
          onChange(stored.url);
          // `x-upload-fills` copies what the server measured (original name, size) into sibling fields.
          const fills = schema['x-upload-fills'] as UploadFills | undefined;
          const setFields = (registry.formContext as { setFields?: (patch: Record<string, unknown>) => void } | undefined)?.setFields;
          if (fills && setFields) setFields(fillsOf(fills, stored));
        }, Timeouts.uploadSuccessMarkMs);
      } catch (err) {
        if (isAbortedError(err)) return;
        setPercent(null);
        setProblem((err as Error).message);
      }
    };

    return (
      <Space direction="vertical" style={{ width: '100%' }} id={id}>
        <Space align="center" wrap>
          {url && image ? <Image src={url} alt={t('preview.picture')} width={64} height={64} style={{ objectFit: 'cover', borderRadius: 6 }} /> : null}
          {url && !image ? (
            <Typography.Link href={url} target="_blank">
              <PaperClipOutlined /> {url.split('/').pop()}
            </Typography.Link>
          ) : null}
          <Upload
            accept={acceptFor(kind) ?? (image ? 'image/*' : undefined)}
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
