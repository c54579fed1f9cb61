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
import { Alert, App, Button, Card, Flex, Result, Segmented, Space, Spin, Tooltip, Typography } from 'antd';
import { CompressOutlined, ExpandOutlined, ReloadOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import Form from '@rjsf/antd';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFValidationError } from '@rjsf/utils';
import { useCanNow } from '../../access/use-can-now';
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
import { SettingsFieldTemplate, SettingsPanelsProvider, SettingsPanelsTemplate, SettingsSourcesProvider, useSettingsPanels, type SettingsSources } from './settings-panels';
import { settingsLeaves } from '@common/settings';
import type { SettingSource } from '@common/events/settings';
import { useRefOptions } from '../ref-lookups';
import { CompanyTreeSelect } from '../widgets/company-tree-select';
import { useSession } from '../../session/session-store';
import '../pages/entity-form-modal.css';
import './settings-page.css';
import { usePreventReclick } from '../../ui/prevent-reclick';
import { formatDateTime } from '../../i18n/format';

/** Props of the generated settings page. */
export interface SettingsPageProps {
  schemaId: string;
}

/** What the schema's get and set events answer (x-inherit: with the own values and each field's source). */
interface SettingsAnswer {
  robotId?: string;
  companyId?: number;
  params: SettingsData;
  updatedAt: string | null;
  own?: SettingsData;
  sources?: Record<string, SettingSource>;
}

/** Whose document the editor shows: the selected robot's, or (x-inherit) a company's. */
type Subject = { kind: 'robot'; robotId: string } | { kind: 'company'; companyId: number };

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
  // Kept per company and per robot (x-inherit): a company's document or the selected robot's.
  if (settings['x-inherit'] === 'company') return <InheritedSettings settings={settings} />;
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
  return <SettingsEditor key={`${settings.$id}:${robotId}`} settings={settings} subject={{ kind: 'robot', robotId }} />;
}

/**
 * x-inherit "company": a switch between a company's settings (picked among the companies the caller
 * may see: its company tree, every company for a super admin) and the selected robot's overrides.
 */
function InheritedSettings({ settings }: { settings: SettingsSchema }) {
  const { t } = useTranslation();
  const session = useSession();
  const { hasRobot } = useRobotSelection();
  const [mode, setMode] = useState<'company' | 'robot'>(hasRobot ? 'robot' : 'company');
  const [companyId, setCompanyId] = useState<number | undefined>(session?.companyId);
  const { options } = useRefOptions('company');
  const id = settings.$id;
  return (
    <>
      <Flex align="center" gap={12} wrap style={{ marginBottom: 8 }}>
        <Segmented
          data-testid={`settings-mode-${id}`}
          value={mode}
          onChange={(v) => setMode(v as 'company' | 'robot')}
          options={[
            { value: 'company', label: <span data-testid={`settings-mode-company-${id}`}>{t('settings.modeCompany')}</span> },
            { value: 'robot', label: <span data-testid={`settings-mode-robot-${id}`}>{t('settings.modeRobot')}</span> },
          ]}
        />
        {mode === 'company' ? (
          <CompanyTreeSelect testId={`settings-company-picker-${id}`} style={{ minWidth: 260 }} value={companyId} onChange={(v) => setCompanyId(v === undefined ? undefined : Number(v))} />
        ) : null}
      </Flex>
      {mode === 'robot' ? (
        <RobotRequired>
          <SelectedRobotSettings settings={settings} />
        </RobotRequired>
      ) : companyId !== undefined ? (
        <SettingsEditor key={`${id}:company:${companyId}`} settings={settings} subject={{ kind: 'company', companyId }} companyName={treeLabel(options, companyId)} />
      ) : null}
    </>
  );
}

const treeLabel = (options: readonly { value: unknown; label: string }[], companyId: number): string => options.find((o) => Number(o.value) === companyId)?.label ?? String(companyId);

function useRobotName(robotId: string): string {
  const { data } = useEventQuery<MenuTreeCompany[]>('getMenuList', {}, { staleTime: 60_000 });
  return useMemo(() => {
    for (const c of Array.isArray(data) ? data : [])
      for (const r of c.regions ?? []) for (const m of r.maps ?? []) for (const robot of m.robots ?? []) if (robot.robotId === robotId && robot.robotName) return `${robot.robotName} (${robotId})`;
    return robotId;
  }, [data, robotId]);
}

/** The leaf at a path of a document. */
const leafAt = (doc: unknown, path: readonly string[]): unknown => path.reduce<unknown>((at, k) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[k] : undefined), doc);

/** A copy of the document with one leaf set. */
function withLeaf(doc: SettingsData, path: readonly string[], value: unknown): SettingsData {
  const copy = structuredClone(doc) as Record<string, unknown>;
  let at = copy;
  for (const k of path.slice(0, -1)) at = (at[k] && typeof at[k] === 'object' ? at[k] : (at[k] = {})) as Record<string, unknown>;
  at[path[path.length - 1]!] = value;
  return copy as SettingsData;
}

/** x-inherit: only the leaves the user changed are sent (the others stay inherited or as they are). */
function changedLeaves(settings: SettingsSchema, before: SettingsData, after: SettingsData): SettingsData {
  let out: SettingsData = {};
  for (const path of settingsLeaves(settings)) {
    const value = leafAt(after, path);
    if (value !== undefined && value !== leafAt(before, path)) out = withLeaf(out, path, value);
  }
  return out;
}

function SettingsEditor({ settings, subject, companyName }: { settings: SettingsSchema; subject: Subject; companyName?: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const schemas = useSchemas();
  const { message } = App.useApp();
  const id = settings.$id;
  const api = settings['x-api'];
  const inherit = settings['x-inherit'] === 'company';
  const title = pickLabel(settings['x-labels'], lang, id);
  const robotName = useRobotName(subject.kind === 'robot' ? subject.robotId : '');
  const subjectName = subject.kind === 'robot' ? robotName : t('settings.companyNamed', { name: companyName ?? subject.companyId });
  const getEvent = subject.kind === 'robot' ? api.get.event : api.getCompany!.event;
  const setEvent = subject.kind === 'robot' ? api.set.event : api.setCompany!.event;
  const subjectParam = useMemo(() => (subject.kind === 'robot' ? { robotId: subject.robotId } : { companyId: subject.companyId }), [subject.kind, subject.kind === 'robot' ? subject.robotId : subject.companyId]);
  const { data: canUpdate } = useCanNow({ resource: id, action: 'update' });
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
    (callNamedEvent(getEvent, subjectParam, { signal: controller.signal }) as Promise<SettingsAnswer>).then(
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
  }, [getEvent, subjectParam]);
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
      // x-inherit: what the user did not change stays inherited (or the subject's own, as it was).
      const sent = inherit ? changedLeaves(settings, loaded?.params ?? {}, params) : params;
      const answer = (await callNamedEvent(setEvent, { ...subjectParam, params: sent })) as SettingsAnswer;
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

  // x-inherit: a field's own value cleared back to what the robot (company) inherits, at once.
  const clearField = useCallback(
    async (path: string) => {
      setServerError(undefined);
      try {
        const answer = (await callNamedEvent(setEvent, { ...subjectParam, params: {}, clear: [path] })) as SettingsAnswer;
        const at = path.split('.');
        latest.current = withLeaf(latest.current, at, leafAt(answer.params, at));
        setLoaded(answer);
        setFormKey((k) => k + 1);
        message.success(t('settings.cleared'));
      } catch (error) {
        if (!isAbortedError(error)) setServerError((error as Error).message || t('errors.network'));
      }
    },
    [setEvent, subjectParam, message, t],
  );
  const sources = useMemo<SettingsSources | undefined>(
    () => (inherit && loaded?.sources ? { sources: loaded.sources, subject: subject.kind, subjectId: subject.kind === 'company' ? subject.companyId : undefined, onClear: readOnly ? undefined : clearField } : undefined),
    [inherit, loaded?.sources, subject.kind, subject.kind === 'company' ? subject.companyId : undefined, readOnly, clearField],
  );

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
    <SettingsSourcesProvider value={sources}>
    <SettingsPanelsProvider open={open} setOpen={setOpen} testId={`settings-${id}`}>
      <Card
        className="fc-settings-page"
        data-testid={`settings-page-${id}`}
        title={
          <Space size={12} wrap>
            <span>{title}</span>
            <Typography.Text type="secondary" data-testid={`settings-${subject.kind}-${id}`}>
              {subjectName}
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
              {loaded.updatedAt ? t('settings.lastSaved', { time: formatDateTime(loaded.updatedAt, lang) }) : inherit ? t('settings.neverSavedInherited') : t('settings.neverSaved')}
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
    </SettingsSourcesProvider>
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
