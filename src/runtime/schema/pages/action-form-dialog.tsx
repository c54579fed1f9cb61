/**
 * The `form` row action of `x-row-actions`: a dialog with the fields the action declares (plain
 * JSON Schema with `x-labels` and `x-widget`, rendered by the generated forms' engine), sent to
 * the action's event with the row's id under `idParam` and the fixed `param`. With `confirmText`
 * (the action's `confirm`), a second step says what will be saved before it is sent. A server
 * refusal shows inside the dialog, which stays open with the input kept.
 */
import { useMemo, useState } from 'react';
import { Alert, App, Button, Modal, Result, Space, Typography } from 'antd';
import Form from '@rjsf/antd';
import type { IChangeEvent } from '@rjsf/core';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@common/protocol';
import { callNamedEvent } from '../../api/clients';
import { isAbortedError } from '../../api/errors';
import { useSchemas } from '../schema-context';
import type { EntitySchema, PropertySchema } from '../schema-types';
import { buildEntityForm, createValues, type EntityForm } from '../form-schema';
import { catalogueErrors, formValidator } from '../validator';
import { formWidgets } from '../widgets/default-widgets';
import { BoundedTextWidget, EnumSelectWidget } from '../widgets/simple-widgets';
import './entity-form-modal.css';
import { usePreventReclick } from '../../ui/prevent-reclick';

/** The fields of a `form` row action. */
export interface ActionForm {
  required?: string[];
  properties: Record<string, PropertySchema>;
}

const RJSF_WIDGETS = { SelectWidget: EnumSelectWidget, TextWidget: BoundedTextWidget };
const FORM_CONTEXT = { colSpan: { string: 24, integer: 24, number: 24, boolean: 24, array: 24, object: 24 }, rowGutter: 16 };

/** The dialog of one row action. */
export function ActionFormDialog({
  id,
  title,
  event,
  form,
  param,
  onClose,
  onDone,
  confirmText,
}: {
  id: string;
  title: string;
  event: string;
  form: ActionForm;
  param: Record<string, unknown>;
  onClose: () => void;
  onDone: () => void;
  /** The confirmation asked once the form is valid, from its values; absent: sent at once. */
  confirmText?: (values: Record<string, unknown>) => string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const schemas = useSchemas();
  const { message } = App.useApp();
  const entity = useMemo((): EntitySchema => ({ $id: id, type: 'object', required: form.required ?? [], properties: form.properties }), [id, form]);
  const built = useMemo((): { form?: EntityForm; error?: string } => {
    try {
      return { form: buildEntityForm(entity, { mode: 'create', lang, schemas, widgets: formWidgets }) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }, [entity, lang, schemas]);
  const transformErrors = useMemo(() => (built.form ? catalogueErrors(lang, built.form.labelOf) : undefined), [built.form, lang]);
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  const [serverError, setServerError] = useState<string>();
  const [saving, setSaving] = useState(false);

  // The confirmation step: the values to send and the text naming them.
  const [confirming, setConfirming] = useState<{ values: Record<string, unknown>; text: string }>();

  const send = async (values: Record<string, unknown>) => {
    setServerError(undefined);
    setSaving(true);
    try {
      await callNamedEvent(event, { ...values, ...param });
      message.success(title);
      onDone();
      onClose();
    } catch (error) {
      // Back to the form, input kept, with the server's reason above it.
      setConfirming(undefined);
      if (!isAbortedError(error)) setServerError((error as Error).message || t('errors.network'));
    } finally {
      setSaving(false);
    }
  };

  const submit = async ({ formData: data }: IChangeEvent<Record<string, unknown>>) => {
    if (!built.form || !data) return;
    if (confirmText) {
      const values = createValues(built.form.fields, data);
      setConfirming({ values, text: confirmText(values) });
      return;
    }
    await send(createValues(built.form.fields, data));
  };
  // Spec §9: prevent re-click 300 ms (a double click on Create sends one request).
  const guardedSubmit = usePreventReclick(submit);
  const guardedSend = usePreventReclick(send);

  return (
    <Modal open title={title} onCancel={onClose} footer={null} width={640} maskClosable={false} destroyOnHidden>
      {built.error ? (
        <Result status="error" title={t('entity.formBroken')} subTitle={built.error} />
      ) : (
        <>
        {confirming ? (
          <div data-testid={`action-form-confirm-step-${id}`}>
            <Typography.Paragraph data-testid={`action-form-confirm-text-${id}`}>{confirming.text}</Typography.Paragraph>
            <Space style={{ width: '100%', justifyContent: 'flex-end', marginTop: 8 }}>
              <Button onClick={() => setConfirming(undefined)} disabled={saving} data-testid={`action-form-back-${id}`}>
                {t('common.back')}
              </Button>
              <Button type="primary" loading={saving} onClick={() => void guardedSend(confirming.values)} data-testid={`action-form-confirm-${id}`}>
                {t('common.confirm')}
              </Button>
            </Space>
          </div>
        ) : null}
        <div data-testid={`action-form-${id}`} className="fc-entity-form" hidden={Boolean(confirming)}>
          {serverError ? <Alert data-testid={`action-form-error-${id}`} type="error" showIcon message={serverError} closable onClose={() => setServerError(undefined)} style={{ marginBottom: 16 }} /> : null}
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
            disabled={saving}
            onChange={(e) => setFormData((e.formData ?? {}) as Record<string, unknown>)}
            onSubmit={guardedSubmit}
            onError={() => {
              /* field errors are shown beside the fields */
            }}
          >
            <Space style={{ width: '100%', justifyContent: 'flex-end', marginTop: 8 }}>
              <Button onClick={onClose} disabled={saving}>
                {t('common.cancel')}
              </Button>
              <Button type="primary" htmlType="submit" loading={saving} data-testid={`action-form-submit-${id}`}>
                {t('common.ok')}
              </Button>
            </Space>
          </Form>
        </div>
        </>
      )}
    </Modal>
  );
}
