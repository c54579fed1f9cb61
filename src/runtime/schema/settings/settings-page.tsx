/**
 * Generated page of a settings schema (schemas/settings): the selected robot's document as ONE
 * RJSF form (antd theme; the entity forms' validator, formats and catalogue messages), its
 * groups as collapsible panels, Save through the schema's `set` event.
 *
 * Typing stays instant with 200+ fields (bench/robot-setting-keystroke.ts): the page does not
 * re-render on a keystroke. The form keeps its own state; the page only remembers the latest
 * data in a ref and hands it back as `formData` when it re-renders for another reason (saving),
 * so RJSF sees its own data echoed and keeps it. Closed panels are not mounted, unchanged
 * groups skip rendering (RJSF compares their props), fields use a light template instead of
 * antd's Form.Item (settings-panels.tsx), and panels off screen are not laid out (CSS).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Result, Space, Spin, Tooltip, Typography } from 'antd';
import { CompressOutlined, ExpandOutlined, ReloadOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import Form from '@rjsf/antd';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFValidationError } from '@rjsf/utils';
import { useCan } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@common/protocol';
import { callNamedEvent } from '../../api/clients';
import { isAbortedError } from '../../api/errors';
import { useEventQuery } from '../../api/use-event-query';
import { RobotRequired } from '../../plugins/robot-required';
import { useRobotSelection } from '../../session/robot-selection';
import type { MenuTreeCompany } from '../../ui/robot-tree';
import { useSchemas } from '../schema-context';
import { pickLabel, type SettingsSchema } from '../schema-types';
import { catalogueErrors, formValidator } from '../validator';
import { formWidgets } from '../widgets/default-widgets';
import { BoundedTextWidget, EnumSelectWidget } from '../widgets/simple-widgets';
import { buildSettingsForm, fillEmptyNumbers, settingsCustomValidate, type SettingsData } from './settings-form';
import { SettingsNumberWidget } from './settings-number-widget';
import { SettingsFieldTemplate, SettingsPanelsProvider, SettingsPanelsTemplate, useSettingsPanels } from './settings-panels';
import '../pages/entity-form-modal.css';
import './settings-page.css';
import { usePreventReclick } from '../../ui/prevent-reclick';
import { formatDateTime } from '../../i18n/format';

/** Props of the generated settings page. */
export interface SettingsPageProps {
  schemaId: string;
}

/** What the schema's get and set events answer. */
interface SettingsAnswer {
  robotId: string;
  params: SettingsData;
  updatedAt: string | null;
}

const RJSF_WIDGETS = { SelectWidget: EnumSelectWidget, TextWidget: BoundedTextWidget };
const RJSF_TEMPLATES = { FieldTemplate: SettingsFieldTemplate };
// Three columns of scalar fields inside a group.
const FORM_CONTEXT = { colSpan: { string: 8, integer: 8, number: 8, boolean: 8, array: 24, object: 24 }, rowGutter: 16 };

/** The generated settings page (one component for every settings schema). */
export default function SettingsPage({ schemaId }: SettingsPageProps) {
  const schemas = useSchemas();
  const { t } = useTranslation();
  const settings = schemas.setting(schemaId);
  if (!settings) return <Typography.Text type="danger">{t('entity.unknownSchema', { id: schemaId })}</Typography.Text>;
  // The server keeps settings per robot (x-requires-robot): without a selected robot, the spec's tip.
  return (
    <RobotRequired>
      <SelectedRobotSettings settings={settings} />
    </RobotRequired>
  );
}

function SelectedRobotSettings({ settings }: { settings: SettingsSchema }) {
  const { selection } = useRobotSelection();
  const robotId = selection.robotId!;
  return <SettingsEditor key={`${settings.$id}:${robotId}`} settings={settings} robotId={robotId} />;
}

function useRobotName(robotId: string): string {
  const { data } = useEventQuery<MenuTreeCompany[]>('getMenuList', {}, { staleTime: 60_000 });
  return useMemo(() => {
    for (const c of Array.isArray(data) ? data : [])
      for (const r of c.regions ?? []) for (const m of r.maps ?? []) for (const robot of m.robots ?? []) if (robot.robotId === robotId && robot.robotName) return `${robot.robotName} (${robotId})`;
    return robotId;
  }, [data, robotId]);
}

function SettingsEditor({ settings, robotId }: { settings: SettingsSchema; robotId: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const schemas = useSchemas();
  const { message } = App.useApp();
  const id = settings.$id;
  const api = settings['x-api'];
  const title = pickLabel(settings['x-labels'], lang, id);
  const robotName = useRobotName(robotId);
  const { data: canUpdate } = useCan({ resource: id, action: 'update' });
  const readOnly = canUpdate?.can === false;

  const [loaded, setLoaded] = useState<SettingsAnswer>();
  const [loadError, setLoadError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [open, setOpen] = useState<string[]>(() => Object.keys(settings.properties).slice(0, 1));
  // The form's latest data: written on every change without a re-render, read when the page re-renders.
  const latest = useRef<SettingsData>({});

  const load = useCallback(() => {
    const controller = new AbortController();
    setLoadError(undefined);
    (callNamedEvent(api.get.event, { robotId }, { signal: controller.signal }) as Promise<SettingsAnswer>).then(
      (answer) => {
        latest.current = answer.params;
        setLoaded(answer);
        setFormKey((k) => k + 1);
      },
      (error: unknown) => {
        // Kept as the server's text ('' when none): a language switch must not reload and lose the edits.
        if (!isAbortedError(error)) setLoadError((error as Error).message ?? '');
      },
    );
    return () => controller.abort();
  }, [api.get.event, robotId]);
  useEffect(load, [load]);

  const built = useMemo(() => {
    try {
      return { form: buildSettingsForm(settings, { lang, schemas, widgets: formWidgets, numberWidget: SettingsNumberWidget, rootTemplate: SettingsPanelsTemplate }) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }, [settings, lang, schemas]);
  const transformErrors = useMemo(() => (built.form ? catalogueErrors(lang, built.form.labelOf) : undefined), [built.form, lang]);
  const customValidate = useMemo(() => settingsCustomValidate(settings, lang), [settings, lang]);
  const onChange = useCallback((e: IChangeEvent<SettingsData>) => {
    latest.current = e.formData ?? {};
  }, []);

  const submit = async ({ formData }: IChangeEvent<SettingsData>) => {
    if (!formData || readOnly) return;
    setServerError(undefined);
    const params = fillEmptyNumbers(settings, formData);
    latest.current = params;
    setSaving(true);
    try {
      const answer = (await callNamedEvent(api.set.event, { robotId, params })) as SettingsAnswer;
      latest.current = answer.params;
      setLoaded(answer);
      message.success(t('entity.updated', { entity: title }));
    } catch (error) {
      if (!isAbortedError(error)) setServerError((error as Error).message || t('errors.network'));
    } finally {
      setSaving(false);
    }
  };
  // Spec §9: prevent re-click 300 ms (a double click on Create sends one request).
  const guardedSubmit = usePreventReclick(submit);

  // A failed submit opens the panels holding errors (the errors are shown beside their fields).
  const onInvalid = (errors: RJSFValidationError[]) => {
    const withErrors = errors.map((e) => (e.property ?? '').replace(/^\./, '').split('.')[0]!).filter(Boolean);
    setOpen((current) => [...new Set([...current, ...withErrors])]);
    message.error(t('settings.invalid', { count: errors.length }));
  };

  const discard = () => {
    latest.current = loaded?.params ?? {};
    setServerError(undefined);
    setFormKey((k) => k + 1);
  };

  if (built.error) return <Result status="error" title={t('entity.formBroken')} subTitle={built.error} />;
  if (loadError !== undefined) {
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
  }
  const groups = built.form!.groups;
  const formId = `settings-form-${id}`;

  return (
    <SettingsPanelsProvider open={open} setOpen={setOpen} testId={`settings-${id}`}>
      <Card
        className="fc-settings-page"
        data-testid={`settings-page-${id}`}
        title={
          <Space size={12} wrap>
            <span>{title}</span>
            <Typography.Text type="secondary" data-testid={`settings-robot-${id}`}>
              {robotName}
            </Typography.Text>
          </Space>
        }
        extra={<Toolbar groups={groups.map((g) => g.key)} formId={formId} saving={saving} readOnly={readOnly} loaded={Boolean(loaded)} onDiscard={discard} id={id} />}
      >
        {serverError ? (
          <Alert data-testid={`settings-error-${id}`} type="error" showIcon message={serverError} closable onClose={() => setServerError(undefined)} style={{ marginBottom: 16 }} />
        ) : null}
        {readOnly ? <Alert type="info" showIcon message={t('settings.readOnly')} style={{ marginBottom: 16 }} /> : null}
        {loaded ? (
          <>
            <Typography.Paragraph type="secondary" data-testid={`settings-updated-${id}`}>
              {loaded.updatedAt ? t('settings.lastSaved', { time: formatDateTime(loaded.updatedAt, lang) }) : t('settings.neverSaved')}
            </Typography.Paragraph>
            <div className="fc-entity-form fc-settings-form" data-testid={`settings-form-${id}`}>
              <Form
                key={formKey}
                id={formId}
                schema={built.form!.schema}
                uiSchema={built.form!.uiSchema}
                formData={latest.current}
                validator={formValidator}
                transformErrors={transformErrors}
                customValidate={customValidate}
                widgets={RJSF_WIDGETS}
                templates={RJSF_TEMPLATES}
                formContext={FORM_CONTEXT}
                showErrorList={false}
                noHtml5Validate
                readonly={readOnly}
                onChange={onChange}
                onSubmit={guardedSubmit}
                onError={onInvalid}
              />
            </div>
          </>
        ) : (
          <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
            <Spin />
          </div>
        )}
      </Card>
    </SettingsPanelsProvider>
  );
}

function Toolbar({ groups, formId, saving, readOnly, loaded, onDiscard, id }: { groups: string[]; formId: string; saving: boolean; readOnly: boolean; loaded: boolean; onDiscard: () => void; id: string }) {
  const { t } = useTranslation();
  const { open, setOpen } = useSettingsPanels();
  const allOpen = open.length === groups.length;
  return (
    <Space wrap>
      <Button icon={allOpen ? <CompressOutlined /> : <ExpandOutlined />} onClick={() => setOpen(allOpen ? [] : groups)} data-testid={`settings-toggle-all-${id}`}>
        {allOpen ? t('settings.collapseAll') : t('settings.expandAll')}
      </Button>
      <Button icon={<UndoOutlined />} onClick={onDiscard} disabled={!loaded || saving || readOnly}>
        {t('settings.discard')}
      </Button>
      <Tooltip title={readOnly ? t('settings.readOnly') : undefined}>
        <Button type="primary" htmlType="submit" form={formId} icon={<SaveOutlined />} loading={saving} disabled={!loaded || readOnly} data-testid={`settings-save-${id}`}>
          {t('common.save')}
        </Button>
      </Tooltip>
    </Space>
  );
}
