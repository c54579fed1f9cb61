/**
 * Tools of the generated list page: export of the filtered list to Excel, import from Excel,
 * and the row actions a schema declares in `x-row-actions` (for example disable / restore).
 */
import { lazy, Suspense, useRef, useState, type ComponentType } from 'react';
import { App, Button, Popconfirm, Space, Tooltip, Typography, type ButtonProps, type UploadProps } from 'antd';
import { DownloadOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { Files } from '@common/constants';
import { formatMessage } from '@common/messages';
import type { BaseRecord } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { subjectCan } from '@common/access';
import type { Lang } from '@common/protocol';
import { callNamedEvent } from '../../api/clients';
import { exportBody, requestExport } from '../../api/export-list';
import { browserSave } from '../../api/rest-client';
import { getLang } from '../../i18n/i18n';
import { expireSession } from '../../session/expire';
import { isAbortedError } from '../../api/errors';
import { navigateTo } from '../../app/navigation';
import { getToken, useSession } from '../../session/session-store';
import { pickLabel, type Labels, type PropertySchema } from '../schema-types';
import { useSchemas } from '../schema-context';
import { LinkDialog, type LinkSpec } from './link-dialog';
import type { ActionForm } from './action-form-dialog';
import { fillConfirmText } from './confirm-text';

// The row action's form (RJSF and ajv, ~100 KB of gzip) loads when a row action opens it, not with every list (issue 23).
/** antd Upload (its file list and Progress, ~15 KB gzip) loads when the import button first renders; the same button shows disabled meanwhile (issue 23). */
const Upload = lazy(async () => ({ default: (await import('antd/es/upload')).default as ComponentType<UploadProps> }));
const ActionFormDialog = lazy(() => import('./action-form-dialog').then((m) => ({ default: m.ActionFormDialog })));

/** One row action of `x-row-actions`: an event call (the default), a `link` or `form` dialog, a `page` to open, a `download` of the answer or an `upload` of a file. */
export interface RowAction {
  key: string;
  kind?: 'event' | 'link' | 'form' | 'page' | 'download' | 'upload';
  /** The page a `page` action opens, with `?<idParam>=<row id>` (e.g. a plugin's page of the row's records). */
  path?: string;
  /** The event a plain action calls. */
  event?: string;
  /** What a `link` action shows and calls. */
  link?: LinkSpec;
  /** The fields a `form` action asks for before calling its event. */
  form?: ActionForm;
  /** The param that carries the row's id (default `id`). */
  idParam?: string;
  /** The row's field that param carries (default `id`). */
  idField?: string;
  /** Run once, without the confirmation, right after the caller creates a record (a new robot's MQTT account). */
  afterCreate?: boolean;
  /** Fields of the event's answer shown in a dialog once (a secret the server shows only now). */
  answer?: { labels: Labels; note?: Labels; fields: { key: string; labels: Labels }[] };
  /** Fixed params sent with `{id}`. */
  param?: Record<string, unknown>;
  /** Shown only on rows whose fields have these values. */
  when?: Record<string, unknown>;
  permission?: string;
  confirm?: boolean;
  danger?: boolean;
  labels: Labels;
  confirmLabels?: Labels;
  /** The text shown on success; `{{field}}` takes the answer's field, else the row's. */
  doneLabels?: Labels;
  /** `upload`: the file types offered. */
  accept?: string;
}

/** `{{field}}` of a row action's text: the answer's field, else the row's. */
function fillText(text: string, answer: unknown, record: BaseRecord): string {
  const a = answer && typeof answer === 'object' ? (answer as Record<string, unknown>) : {};
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => {
    const v = a[k] ?? record[k];
    return v === undefined || v === null ? '—' : String(v);
  });
}

/** The row's name for a title or a confirmation. */
const rowName = (record: BaseRecord) => String(record.name ?? record.model ?? record.robotName ?? record.id);

/** `x-list-exports`: more files made from the filtered list (a route taking the export body), each a button. */
export interface ListExport {
  key: string;
  path: string;
  labels: Labels;
}

/** Downloads what `POST /api/export` (or `extra.path`) answers for the list as it is filtered and sorted (`param`: the list event's params). */
export function ExportButton({ entityId, param, extra }: { entityId: string; param: Record<string, unknown>; extra?: ListExport }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const result = await requestExport(exportBody(entityId, param, getLang()), { getToken, onTokenInvalid: expireSession, failureText: t('entity.exportFailed'), path: extra?.path });
      if (result.ok) browserSave(result.blob, result.filename);
      else message.error(result.message);
    } finally {
      setBusy(false);
    }
  };
  if (extra)
    return (
      <Button icon={<FileExcelOutlined />} loading={busy} onClick={() => void run()} data-testid={`entity-export-${entityId}-${extra.key}`}>
        {pickLabel(extra.labels, i18n.language as Lang, extra.key)}
      </Button>
    );
  return (
    <Tooltip title={t('entity.exportHint')}>
      <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid={`entity-export-${entityId}`}>
        {t('entity.export')}
      </Button>
    </Tooltip>
  );
}

/**
 * `x-import`: an entity's own batch import — the route taking the files, a template to download,
 * the file types and whether several files go at once (at most Files.filesPerBatch).
 */
export interface ImportSpec {
  path: string;
  template?: string;
  accept?: string;
  multiple?: boolean;
}

/** Sends an .xlsx to `POST /api/import` (or the files to the entity's `x-import` route); all rows or none are created. */
export function ImportButton({ entityId, onDone, spec }: { entityId: string; onDone: () => void; spec?: ImportSpec }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const send = async (files: File[]) => {
    if (files.length > Files.filesPerBatch) {
      modal.error({ title: t('entity.importFailed'), content: formatMessage('tooManyFiles', getLang(), { limit: Files.filesPerBatch }) });
      return;
    }
    setBusy(true);
    try {
      const form = new FormData();
      for (const file of files) form.append('file', file, file.name);
      const url = spec ? `${spec.path}?lang=${i18n.language}` : `/api/import?entity=${encodeURIComponent(entityId)}&lang=${i18n.language}`;
      const res = await fetch(url, { method: 'POST', headers: { token: getToken() ?? '' }, body: form });
      const body = (await res.json()) as { code: number; message: string; data?: { imported: number } };
      if (body.code === 0) {
        message.success(t('entity.imported', { count: body.data?.imported ?? 0 }));
        onDone();
      } else modal.error({ title: t('entity.importFailed'), content: <span data-testid="import-error">{body.message}</span> });
    } catch {
      message.error(t('entity.importFailed'));
    } finally {
      setBusy(false);
    }
  };
  const template = spec?.template;
  const downloadTemplate = async () => {
    if (!template) return;
    const res = await fetch(`${template}?lang=${i18n.language}`, { headers: { token: getToken() ?? '' } });
    if (res.ok && !String(res.headers.get('content-type')).includes('json')) browserSave(await res.blob(), `${entityId}-template.xlsx`);
    else message.error(t('entity.importFailed'));
  };
  // Until Upload's code is in, the button shows disabled: a click on it would open no file chooser.
  const importTrigger = (ready: boolean) => (
    <Tooltip title={spec?.multiple ? t('entity.importBatchHint', { limit: Files.filesPerBatch }) : undefined}>
      <Button icon={<UploadOutlined />} loading={busy} disabled={!ready} data-testid={`entity-import-${entityId}`}>
        {t('entity.import')}
      </Button>
    </Tooltip>
  );
  return (
    <Space.Compact>
      <Suspense fallback={importTrigger(false)}>
        <Upload
          accept={spec?.accept ?? '.xlsx'}
          multiple={Boolean(spec?.multiple)}
          showUploadList={false}
          beforeUpload={(file, list) => {
            if (file === list[list.length - 1]) void send(list as unknown as File[]);
            return false;
          }}
        >
          {importTrigger(true)}
        </Upload>
      </Suspense>
      {template ? (
        <Tooltip title={t('entity.importTemplate')}>
          <Button icon={<FileExcelOutlined />} onClick={() => void downloadTemplate()} data-testid={`entity-import-template-${entityId}`} aria-label={t('entity.importTemplate')} />
        </Tooltip>
      ) : null}
    </Space.Compact>
  );
}

/** Whether a declared row action applies to a record and the caller may use it. */
function applies(a: RowAction, record: BaseRecord, session: ReturnType<typeof useSession>): boolean {
  return Object.entries(a.when ?? {}).every(([k, v]) => record[k] === v) && (!a.permission || (!!session && subjectCan(session, a.permission)));
}

/** Runs an event row action on a record: its answer dialog (a secret shown once) or a success message; `onDone` after. */
export function useRowActionRunner(onDone: () => void): (a: RowAction, record: BaseRecord) => Promise<void> {
  const { i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const { message, modal } = App.useApp();
  return async (a, record) => {
    if (!a.event) return;
    try {
      const answer = (await callNamedEvent(a.event, { ...(a.param ?? {}), [a.idParam ?? 'id']: record[a.idField ?? 'id'] })) as Record<string, unknown> | undefined;
      if (a.answer && answer) {
        modal.success({
          title: pickLabel(a.answer.labels, lang, a.key),
          width: 560,
          content: (
            <div data-testid={`row-action-answer-${a.key}`}>
              {a.answer.note ? <Typography.Paragraph type="warning">{pickLabel(a.answer.note, lang, '')}</Typography.Paragraph> : null}
              {a.answer.fields.map((f) => (
                <div key={f.key} style={{ marginBottom: 8 }}>
                  <Typography.Text type="secondary">{pickLabel(f.labels, lang, f.key)}: </Typography.Text>
                  <Typography.Text code copyable data-testid={`row-action-answer-${a.key}-${f.key}`}>
                    {String(answer[f.key] ?? '')}
                  </Typography.Text>
                </div>
              ))}
            </div>
          ),
        });
      } else message.success(pickLabel(a.labels, lang, a.key));
      onDone();
    } catch (err) {
      if (!isAbortedError(err)) message.error((err as Error).message);
    }
  };
}

/** After a record is created: runs the row actions declared `afterCreate` that apply to it and that the caller may use. */
export function useAfterCreateActions(actions: RowAction[], onDone: () => void): (record: BaseRecord) => void {
  const session = useSession();
  const run = useRowActionRunner(onDone);
  return (record) => {
    for (const a of actions) if (a.afterCreate && a.event && applies(a, record, session)) void run(a, record);
  };
}

/** The declared row actions that apply to a row and that the caller may use. */
export function RowActions({ actions, record, onDone, properties = {} }: { actions: RowAction[]; record: BaseRecord; onDone: () => void; properties?: Record<string, PropertySchema> }) {
  const { i18n } = useTranslation();
  const schemas = useSchemas();
  const lang = i18n.language as Lang;
  const session = useSession();
  const applicable = actions.filter((a) => applies(a, record, session));
  const [linking, setLinking] = useState<RowAction>();
  const runEvent = useRowActionRunner(onDone);
  const { message, modal } = App.useApp();
  const idOf = (a: RowAction) => record[a.idField ?? 'id'];
  const [uploading, setUploading] = useState<RowAction>();
  const fileInput = useRef<HTMLInputElement>(null);
  // `download`: the event's answer saved as <row id>-<key>.json.
  const download = async (a: RowAction) => {
    if (!a.event) return;
    try {
      const answer = await callNamedEvent(a.event, { ...(a.param ?? {}), [a.idParam ?? 'id']: idOf(a) });
      browserSave(new Blob([JSON.stringify(answer, null, 2)], { type: 'application/json' }), `${String(idOf(a))}-${a.key}.json`);
      void message.success(fillText(pickLabel(a.doneLabels ?? a.labels, lang, a.key), answer, record));
    } catch (err) {
      if (!isAbortedError(err)) void message.error((err as Error).message);
    }
  };
  // `upload`: a chosen file is read (JSON; other text is sent as it is and the server says why it is not a file),
  // confirmed naming the row, then sent as `data`; the answer or the refusal shows in a dialog.
  const upload = async (a: RowAction, file: File) => {
    if (!a.event) return;
    const text = await file.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      /* not JSON: the server refuses it with its message */
    }
    const title = `${pickLabel(a.labels, lang, a.key)} · ${rowName(record)}`;
    const ok = await modal.confirm({
      title,
      content: (
        <div data-testid={`row-action-confirm-${a.key}`}>
          <Typography.Paragraph>{fillText(pickLabel(a.confirmLabels ?? a.labels, lang, a.key), undefined, record)}</Typography.Paragraph>
          <Typography.Text type="secondary">{file.name}</Typography.Text>
        </div>
      ),
      okButtonProps: { danger: a.danger, 'data-testid': `row-action-confirm-ok-${a.key}` } as ButtonProps,
    });
    if (!ok) return;
    try {
      const answer = await callNamedEvent(a.event, { ...(a.param ?? {}), [a.idParam ?? 'id']: idOf(a), data });
      modal.success({ title, content: <div data-testid={`row-action-done-${a.key}`}>{fillText(pickLabel(a.doneLabels ?? a.labels, lang, a.key), answer, record)}</div> });
      onDone();
    } catch (err) {
      if (!isAbortedError(err)) modal.error({ title, content: <div data-testid={`row-action-error-${a.key}`}>{(err as Error).message}</div> });
    }
  };
  const run = async (a: RowAction) => {
    if (a.kind === 'link' || a.kind === 'form') return setLinking(a);
    if (a.kind === 'page') return a.path ? navigateTo(`${a.path}?${a.idParam ?? 'id'}=${encodeURIComponent(String(record.id))}`) : undefined;
    if (a.kind === 'download') return download(a);
    if (a.kind === 'upload') {
      setUploading(a);
      return fileInput.current?.click();
    }
    return runEvent(a, record);
  };
  return (
    <>
      {applicable.map((a) => {
        // An upload asks after the file is chosen (naming the row and the file), a form once it is filled, not before.
        const asks = a.confirm && a.kind !== 'upload' && a.kind !== 'form';
        const button = (
          <Button key={a.key} size="small" type="link" danger={a.danger} data-testid={`row-action-${a.key}`} onClick={asks ? undefined : () => void run(a)}>
            {pickLabel(a.labels, lang, a.key)}
          </Button>
        );
        return asks ? (
          <Popconfirm key={a.key} title={pickLabel(a.confirmLabels ?? a.labels, lang, a.key)} onConfirm={() => run(a)} okButtonProps={{ danger: a.danger }}>
            {button}
          </Popconfirm>
        ) : (
          button
        );
      })}
      {applicable.some((a) => a.kind === 'upload') ? (
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={uploading?.accept}
          data-testid="row-action-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file && uploading) void upload(uploading, file);
          }}
        />
      ) : null}
      {linking?.kind === 'form' && linking.form && linking.event ? (
        <Suspense fallback={null}>
          <ActionFormDialog
            id={linking.key}
            title={`${pickLabel(linking.labels, lang, linking.key)} · ${rowName(record)}`}
            event={linking.event}
            form={linking.form}
            param={{ ...(linking.param ?? {}), [linking.idParam ?? 'id']: record.id }}
            confirmText={
              linking.confirm
                ? (values) =>
                    fillConfirmText(pickLabel(linking.confirmLabels ?? linking.labels, lang, linking.key), values, record, { form: linking.form!.properties, row: properties }, (id, v) =>
                      schemas.enumLabel(id, v, lang),
                    )
                : undefined
            }
            onClose={() => setLinking(undefined)}
            onDone={onDone}
          />
        </Suspense>
      ) : null}
      {linking?.kind === 'link' && linking.link ? (
        <LinkDialog
          spec={linking.link}
          record={record}
          title={`${pickLabel(linking.labels, lang, linking.key)} · ${String(record.name ?? record.id)}`}
          onClose={() => setLinking(undefined)}
          onDone={onDone}
        />
      ) : null}
    </>
  );
}
