/**
 * Generated page of an entity with one record per subject (`x-single`, e.g. companySetting: one
 * record per company): a subject selector (the caller's company tree, their own company first),
 * then the entity form filled by `x-api.get` and saved through `x-api.set` with the changed fields.
 * A server failure shows inside the card with the edits kept; without the right to update, the
 * form is read-only.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Result, Space, Spin, Typography } from 'antd';
import { ReloadOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import Form from '@rjsf/antd';
import type { IChangeEvent } from '@rjsf/core';
import { useCanNow } from '../../access/use-can-now';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@common/protocol';
import { callNamedEvent } from '../../api/clients';
import { isAbortedError } from '../../api/errors';
import { useSession } from '../../session/session-store';
import { useRefOptions } from '../ref-lookups';
import { useSchemas } from '../schema-context';
import { pickLabel, type EntitySchema } from '../schema-types';
import { buildEntityForm, changedValues, initialFormData, type EntityForm } from '../form-schema';
import { catalogueErrors, formValidator } from '../validator';
import { formWidgets } from '../widgets/default-widgets';
import { BoundedTextWidget, EnumSelectWidget } from '../widgets/simple-widgets';
import { CompanyTreeSelect } from '../widgets/company-tree-select';
import './entity-form-modal.css';
import { usePreventReclick } from '../../ui/prevent-reclick';

const RJSF_WIDGETS = { SelectWidget: EnumSelectWidget, TextWidget: BoundedTextWidget };
const FORM_CONTEXT = { colSpan: { string: 12, integer: 12, number: 12, boolean: 12, array: 24, object: 24 }, rowGutter: 16 };

/** The entity without its subject property: the form edits the rest. */
function withoutSubject(entity: EntitySchema, subject: string): EntitySchema {
  const { [subject]: _omitted, ...properties } = entity.properties;
  return { ...entity, properties, required: (entity.required ?? []).filter((r) => r !== subject) };
}

/** The page (chosen by the generated list page when the schema has `x-single`). */
export default function SingleRecordPage({ entity }: { entity: EntitySchema }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const session = useSession();
  const subject = entity['x-single']!.subject;
  const subjectRef = entity.properties[subject]?.['x-ref'] ?? 'company';
  const { options } = useRefOptions(subjectRef);
  const [subjectId, setSubjectId] = useState<number | undefined>(session?.companyId);
  const title = pickLabel(entity['x-labels'], lang, entity.$id);
  const subjectLabel = pickLabel(entity.properties[subject]?.['x-labels'], lang, subject);

  return (
    <Card
      data-testid={`single-page-${entity.$id}`}
      title={title}
      extra={
        options.length > 1 ? (
          <Space>
            <Typography.Text type="secondary">{subjectLabel}</Typography.Text>
            <CompanyTreeSelect
              testId={`single-subject-${entity.$id}`}
              refId={subjectRef}
              aria-label={subjectLabel}
              style={{ minWidth: 240 }}
              value={subjectId}
              popupMatchSelectWidth={false}
              onChange={(v) => setSubjectId(v === undefined ? undefined : Number(v))}
            />
          </Space>
        ) : (
          <Typography.Text type="secondary">{options[0]?.label}</Typography.Text>
        )
      }
    >
      {subjectId === undefined ? (
        <Result status="info" title={t('single.pickSubject', { subject: subjectLabel })} />
      ) : (
        <SingleRecordForm key={subjectId} entity={entity} subject={subject} subjectId={subjectId} />
      )}
    </Card>
  );
}

function SingleRecordForm({ entity, subject, subjectId }: { entity: EntitySchema; subject: string; subjectId: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const schemas = useSchemas();
  const { message } = App.useApp();
  const id = entity.$id;
  const api = entity['x-api']!;
  const { data: canUpdate } = useCanNow({ resource: id, action: 'edit' });
  const readOnly = canUpdate?.can === false;
  const formEntity = useMemo(() => withoutSubject(entity, subject), [entity, subject]);
  const built = useMemo((): { form?: EntityForm; error?: string } => {
    try {
      return { form: buildEntityForm(formEntity, { mode: 'edit', lang, schemas, widgets: formWidgets, keepEmptyHint: t('entity.keepEmpty') }) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }, [formEntity, lang, schemas, t]);
  const transformErrors = useMemo(() => (built.form ? catalogueErrors(lang, built.form.labelOf) : undefined), [built.form, lang]);

  const [saved, setSaved] = useState<Record<string, unknown>>();
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  const [loadError, setLoadError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const load = useCallback(() => {
    const controller = new AbortController();
    setLoadError(undefined);
    (callNamedEvent(api.get!.event!, { [subject]: subjectId }, { signal: controller.signal }) as Promise<Record<string, unknown>>).then(
      (record) => {
        const data = built.form ? initialFormData(formEntity, built.form.fields, record) : record;
        setSaved(data);
        setFormData(data);
      },
      (error: unknown) => {
        if (!isAbortedError(error)) setLoadError((error as Error).message || '');
      },
    );
    return () => controller.abort();
  }, [api.get, subject, subjectId]);
  useEffect(load, [load]);

  const submit = async ({ formData: data }: IChangeEvent<Record<string, unknown>>) => {
    if (!built.form || !data || !saved || readOnly) return;
    const values = changedValues(formEntity, built.form.fields, saved, data);
    if (Object.keys(values).length === 0) return void message.info(t('entity.noChanges'));
    setServerError(undefined);
    setSaving(true);
    try {
      const record = (await callNamedEvent(api.set!.event!, { [subject]: subjectId, ...values })) as Record<string, unknown>;
      const next = initialFormData(formEntity, built.form.fields, record);
      setSaved(next);
      setFormData(next);
      message.success(t('entity.updated', { entity: pickLabel(entity['x-labels'], lang, id) }));
    } catch (error) {
      if (!isAbortedError(error)) setServerError((error as Error).message || t('errors.network'));
    } finally {
      setSaving(false);
    }
  };
  // Spec §9: prevent re-click 300 ms (a double click on Create sends one request).
  const guardedSubmit = usePreventReclick(submit);

  if (built.error) return <Result status="error" title={t('entity.formBroken')} subTitle={built.error} />;
  if (loadError !== undefined)
    return (
      <Result
        status="warning"
        title={t('settings.loadFailed')}
        subTitle={loadError || t('errors.network')}
        extra={
          <Button type="primary" icon={<ReloadOutlined />} onClick={load}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  if (!saved)
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
        <Spin />
      </div>
    );
  return (
    <div data-testid={`entity-form-${id}`} className="fc-entity-form" style={{ maxWidth: 880 }}>
      {serverError ? (
        <Alert data-testid={`entity-form-error-${id}`} type="error" showIcon message={serverError} closable onClose={() => setServerError(undefined)} style={{ marginBottom: 16 }} />
      ) : null}
      {readOnly ? <Alert type="info" showIcon message={t('settings.readOnly')} style={{ marginBottom: 16 }} /> : null}
      <Form
        schema={built.form!.schema}
        uiSchema={built.form!.uiSchema}
        formData={formData}
        validator={formValidator}
        transformErrors={transformErrors}
        widgets={RJSF_WIDGETS}
        formContext={FORM_CONTEXT}
        showErrorList={false}
        noHtml5Validate
        readonly={readOnly}
        disabled={saving}
        onChange={(e) => setFormData((e.formData ?? {}) as Record<string, unknown>)}
        onSubmit={guardedSubmit}
        onError={() => {
          /* field errors are shown beside the fields */
        }}
      >
        <Space style={{ marginTop: 8 }}>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} disabled={readOnly} data-testid={`entity-submit-${id}`}>
            {t('common.save')}
          </Button>
          <Button icon={<UndoOutlined />} disabled={saving || readOnly} onClick={() => setFormData(saved)}>
            {t('settings.discard')}
          </Button>
        </Space>
      </Form>
    </div>
  );
}
