/**
 * Preview: the design rendered by the generated screens' engine (buildEntityForm, RJSF antd, the
 * shared validator and widget registry), with the designer's messages of spec §5.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, ConfigProvider, Modal, Result, Space, Typography } from 'antd';
import Form from '@rjsf/antd';
import type { RJSFValidationError } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { buildEntityForm, formValidator, formWidgets, useSchemas, type EntitySchema, type Lang } from '@runtime';
import type { DesignerDocument } from '../model/types';
import { FORM_DESIGNER_TEST_IDS as ids } from '../test-ids';

const SIZE = { medium: 'middle', small: 'small', mini: 'small' } as const;

/** The designer's messages for the preview's validation errors. */
export function previewErrors(t: (key: string, vars?: Record<string, string>) => string, labelOf: (field: string) => string) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors.map((e) => {
      const field = (e.params?.missingProperty as string | undefined) ?? (e.property ?? '').replace(/^\./, '').split(/[.[]/)[0] ?? '';
      const name = labelOf(field);
      const key = e.name === 'required' ? 'preview.required' : e.name === 'pattern' ? 'preview.unmatchedPattern' : e.name === 'format' || e.name === 'type' ? 'preview.invalidFormat' : undefined;
      const message = key ? t(key, { name }) : `${name}: ${e.message ?? ''}`;
      return { ...e, message, stack: message };
    });
}

/** The preview dialog. */
export default function PreviewDialog({ schema, doc, onClose }: { schema: EntitySchema; doc: DesignerDocument; onClose: () => void }) {
  const { t, i18n } = useTranslation('form-designer');
  const lang = i18n.language as Lang;
  const schemas = useSchemas();
  const [data, setData] = useState<Record<string, unknown>>({});
  const [result, setResult] = useState<'failed' | 'passed'>();
  const built = useMemo(() => {
    try {
      return { form: buildEntityForm(schema, { mode: 'create', lang, schemas, widgets: formWidgets }) };
    } catch (e) {
      return { error: (e as Error).message };
    }
  }, [schema, lang, schemas]);
  const transformErrors = useMemo(() => (built.form ? previewErrors(t, built.form.labelOf) : undefined), [built.form, t]);
  const c = doc.config;
  const top = c.labelPosition === 'top';
  return (
    <Modal open title={t('preview.title')} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      {built.error ? (
        <Result status="error" subTitle={built.error} />
      ) : (
        <div data-testid={ids.previewForm}>
          {result ? (
            <Alert data-testid={ids.previewResult} type={result === 'failed' ? 'error' : 'success'} showIcon message={t(`preview.${result}`)} style={{ marginBottom: 16 }} />
          ) : null}
          <ConfigProvider componentSize={SIZE[c.size]}>
            <Form
              schema={built.form!.schema}
              uiSchema={{ ...built.form!.uiSchema, 'ui:submitButtonOptions': { norender: true } }}
              formData={data}
              validator={formValidator}
              transformErrors={transformErrors}
              widgets={{}}
              formContext={{ labelCol: top ? undefined : { flex: `${c.labelWidth}px` }, wrapperCol: top ? undefined : { flex: 1 }, labelAlign: c.labelPosition === 'left' ? 'left' : 'right' }}
              showErrorList={false}
              noHtml5Validate
              onChange={(e) => {
                setData((e.formData ?? {}) as Record<string, unknown>);
                setResult(undefined);
              }}
              onSubmit={() => setResult('passed')}
              onError={() => setResult('failed')}
            >
              <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
                <Button onClick={onClose}>{t('common.close', { ns: 'translation', defaultValue: 'Close' })}</Button>
                <Button type="primary" htmlType="submit" data-testid={ids.previewSubmit}>
                  {t('preview.submit')}
                </Button>
              </Space>
            </Form>
          </ConfigProvider>
          <Typography.Text type="secondary">{t('preview.data')}</Typography.Text>
          <pre className="fd-code">{JSON.stringify(data, null, 2)}</pre>
        </div>
      )}
    </Modal>
  );
}
