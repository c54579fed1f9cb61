/**
 * Generated create / edit dialog of an entity: an RJSF form (antd theme) validated with the
 * shared ajv setup. A server failure shows its statusInfo inside the dialog, which stays
 * open with the data kept; success closes it, says so and refreshes the list.
 */
import { useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Modal, Result, Space } from 'antd';
import Form from '@rjsf/antd';
import type { IChangeEvent } from '@rjsf/core';
import { useCreate, useUpdate, type BaseRecord } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@common/protocol';
import { isAbortedError } from '../../api/errors';
import { useSchemas } from '../schema-context';
import { pickLabel, type EntitySchema } from '../schema-types';
import { buildEntityForm, changedValues, createValues, initialFormData, type EntityForm, type FormMode } from '../form-schema';
import { catalogueErrors, formValidator } from '../validator';
import { formWidgets } from '../widgets/default-widgets';
import { BoundedTextWidget, EnumSelectWidget } from '../widgets/simple-widgets';
import { LayoutObjectTemplate, type FormLayoutItem } from './layout-object-template';
import './entity-form-modal.css';
import { usePreventReclick } from '../../ui/prevent-reclick';

/** Props of the entity form dialog. */
export interface EntityFormModalProps {
  entity: EntitySchema;
  mode: FormMode;
  record?: BaseRecord;
  onClose: () => void;
  /** Called with the record the server answered after a create (x-row-actions `afterCreate` run on it). */
  onCreated?: (record: BaseRecord) => void;
}

const RJSF_WIDGETS = { SelectWidget: EnumSelectWidget, TextWidget: BoundedTextWidget };
// A designer layout (x-form.layout: grids, static text) shapes the dialog; see layout-object-template.
const RJSF_TEMPLATES = { ObjectFieldTemplate: LayoutObjectTemplate };
// Two columns for scalar fields, full width for lists (RJSF antd ObjectFieldTemplate reads colSpan by type).
const FORM_CONTEXT = { colSpan: { string: 12, integer: 12, number: 12, boolean: 12, array: 24, object: 24 }, rowGutter: 16 };

/** The create / edit dialog. */
export default function EntityFormModal({ entity, mode, record, onClose, onCreated }: EntityFormModalProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const schemas = useSchemas();
  const { message, modal } = App.useApp();
  const id = entity.$id;

  const built = useMemo((): { form?: EntityForm; error?: string } => {
    try {
      return { form: buildEntityForm(entity, { mode, lang, schemas, widgets: formWidgets, keepEmptyHint: t('entity.keepEmpty') }) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }, [entity, mode, lang, schemas, t]);

  const [initial] = useState(() => (built.form ? initialFormData(entity, built.form.fields, record) : {}));
  const [formData, setFormData] = useState<Record<string, unknown>>(initial);
  // Widgets that fill sibling fields (an upload's name and size) go through the form context.
  // RJSF's own setFieldValue, so the change goes through its pipeline like a typed one.
  const formRef = useRef<{ setFieldValue: (path: string, value: unknown) => void }>(null);
  const formContext = useMemo(
    () => ({
      ...FORM_CONTEXT,
      layout: (entity['x-form'] as { layout?: FormLayoutItem[] } | undefined)?.layout,
      lang,
      setFields: (patch: Record<string, unknown>) => Object.entries(patch).forEach(([k, v]) => formRef.current?.setFieldValue(k, v)),
      // Widgets whose choices follow a sibling field (a map's routes) read the values being edited.
      formData,
    }),
    [entity, lang, formData],
  );
  const [serverError, setServerError] = useState<string>();
  const { mutateAsync: create, mutation: createMutation } = useCreate();
  const { mutateAsync: update, mutation: updateMutation } = useUpdate();
  const saving = createMutation.isPending || updateMutation.isPending;
  const transformErrors = useMemo(() => (built.form ? catalogueErrors(lang, built.form.labelOf) : undefined), [built.form, lang]);

  // What the form held when the user first touched it (a widget may fill defaults as it mounts):
  // closing with other values asks first, so Escape or a stray click loses nothing typed.
  const touchedFrom = useRef<string | undefined>(undefined);
  const touch = () => {
    touchedFrom.current ??= JSON.stringify(formData);
  };
  const requestClose = () => {
    if (saving) return;
    if (touchedFrom.current === undefined || JSON.stringify(formData) === touchedFrom.current) return onClose();
    modal.confirm({
      title: t('entity.discardTitle'),
      content: t('entity.discardText'),
      okText: t('entity.discard'),
      okButtonProps: { danger: true, 'data-testid': `entity-discard-${id}` } as never,
      cancelText: t('entity.keepEditing'),
      onOk: onClose,
    });
  };

  const entityLabel = pickLabel(entity['x-labels'], lang, id);
  const title = mode === 'create' ? t('entity.createTitle', { entity: entityLabel }) : t('entity.editTitle', { entity: entityLabel });

  const submit = async ({ formData: data }: IChangeEvent<Record<string, unknown>>) => {
    if (!built.form || !data) return;
    setServerError(undefined);
    try {
      if (mode === 'create') {
        const made = await create({ resource: id, values: createValues(built.form.fields, data), successNotification: false, errorNotification: false });
        message.success(t('entity.created', { entity: entityLabel }));
        if (made?.data) onCreated?.(made.data);
      } else {
        const values = changedValues(entity, built.form.fields, initial, data);
        if (Object.keys(values).length === 0) {
          message.info(t('entity.noChanges'));
          onClose();
          return;
        }
        await update({ resource: id, id: record!.id!, values, mutationMode: 'pessimistic', successNotification: false, errorNotification: false });
        message.success(t('entity.updated', { entity: entityLabel }));
      }
      onClose();
    } catch (error) {
      if (isAbortedError(error)) return;
      setServerError((error as Error).message || t('errors.network'));
    }
  };
  // Spec §9: prevent re-click 300 ms (a double click on Create sends one request).
  const guardedSubmit = usePreventReclick(submit);

  return (
    <Modal open title={title} onCancel={requestClose} footer={null} width={760} maskClosable={false} destroyOnHidden>
      {built.error ? (
        <Result status="error" title={t('entity.formBroken')} subTitle={built.error} />
      ) : (
        <div data-testid={`entity-form-${id}`} className="fc-entity-form" onPointerDownCapture={touch} onKeyDownCapture={touch} onInputCapture={touch}>
          {serverError ? (
            <Alert
              data-testid={`entity-form-error-${id}`}
              type="error"
              showIcon
              message={serverError}
              closable
              onClose={() => setServerError(undefined)}
              style={{ marginBottom: 16 }}
            />
          ) : null}
          <Form
            schema={built.form!.schema}
            uiSchema={built.form!.uiSchema}
            formData={formData}
            validator={formValidator}
            transformErrors={transformErrors}
            widgets={RJSF_WIDGETS}
            templates={RJSF_TEMPLATES}
            formContext={formContext}
            ref={formRef as never}
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
              <Button onClick={requestClose} disabled={saving}>
                {t('common.cancel')}
              </Button>
              <Button type="primary" htmlType="submit" loading={saving} data-testid={`entity-submit-${id}`}>
                {mode === 'create' ? t('common.create') : t('common.save')}
              </Button>
            </Space>
          </Form>
        </div>
      )}
    </Modal>
  );
}
