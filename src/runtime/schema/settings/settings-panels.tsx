/**
 * Templates of a settings form. The root: top-level leaves first, then each group as a
 * collapsible panel whose header counts the group's errors; which panels are open lives in a
 * context the page provides, so opening one re-renders this template, not the fields. The
 * fields: a light FieldTemplate (see below) that keeps typing fast with 200+ of them.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Badge, Button, Collapse, Space, theme } from 'antd';
import type { FieldTemplateProps, ObjectFieldTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { SettingSource } from '@common/events/settings';
import { countErrors } from './settings-form';

/** x-inherit: where each field's value comes from, and how a field's own value is cleared. */
export interface SettingsSources {
  /** By dotted leaf path. */
  sources: Record<string, SettingSource>;
  /** Whose document the form shows. */
  subject: 'robot' | 'company';
  /** The company shown (subject company): its own values are "set here". */
  subjectId?: number;
  /** Clears a field's own value (absent: read only). */
  onClear?: (path: string) => void;
}

const SettingsSourcesContext = createContext<(SettingsSources & { byId: Map<string, string> }) | undefined>(undefined);

/** Provides the fields' sources to the field template (nothing for settings that do not inherit). */
export function SettingsSourcesProvider({ value, children }: { value: SettingsSources | undefined; children: ReactNode }) {
  // RJSF names a leaf's input root_<group>_<field>: the template finds its path by that id.
  const withIds = useMemo(() => (value ? { ...value, byId: new Map(Object.keys(value.sources).map((path) => [`root_${path.replace(/\./g, '_')}`, path])) } : undefined), [value]);
  return <SettingsSourcesContext.Provider value={withIds}>{children}</SettingsSourcesContext.Provider>;
}

/** Under a field: where its value comes from, and for the subject's own value a link back to the inherited one. */
function FieldSource({ id }: { id: string }) {
  const ctx = useContext(SettingsSourcesContext);
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const path = ctx?.byId.get(id);
  const source = path ? ctx!.sources[path] : undefined;
  if (!ctx || !path || !source) return null;
  const own = source.from === 'robot' || (source.from === 'company' && ctx.subject === 'company' && source.companyId === ctx.subjectId);
  const text = own
    ? t(ctx.subject === 'robot' ? 'settings.sourceRobot' : 'settings.sourceCompanyOwn')
    : source.from === 'company'
      ? t('settings.sourceCompany', { name: source.companyName })
      : t('settings.sourceDefault');
  return (
    <div className="fc-settings-source" data-testid={`settings-source-${path}`} data-source={own ? 'own' : source.from} style={{ color: own ? token.colorPrimary : token.colorTextDescription }}>
      <span>{text}</span>
      {own && ctx.onClear ? (
        <Button type="link" size="small" className="fc-settings-clear" data-testid={`settings-clear-${path}`} onClick={() => ctx.onClear!(path)}>
          {t('settings.useInherited')}
        </Button>
      ) : null}
    </div>
  );
}

/** Open panels and their setter. */
export interface SettingsPanelsState {
  open: string[];
  setOpen: (keys: string[]) => void;
  /** Prefix of the panels' test ids (the schema id). */
  testId: string;
}

const SettingsPanelsContext = createContext<SettingsPanelsState>({ open: [], setOpen: () => undefined, testId: 'settings' });

/**
 * Provides which panels are open. Opening one re-renders the consumers (the root template,
 * the toolbar); the form itself skips the render, its props being unchanged.
 */
export function SettingsPanelsProvider({ open, setOpen, testId, children }: SettingsPanelsState & { children: ReactNode }) {
  const value = useMemo(() => ({ open, setOpen, testId }), [open, setOpen, testId]);
  return <SettingsPanelsContext.Provider value={value}>{children}</SettingsPanelsContext.Provider>;
}

/** The open panels and their setter. */
export function useSettingsPanels(): SettingsPanelsState {
  return useContext(SettingsPanelsContext);
}

const isGroupSchema = (schema: unknown) => Boolean(schema && typeof schema === 'object' && (schema as { properties?: unknown }).properties);

/** RJSF ObjectFieldTemplate of the form's root object. */
export function SettingsPanelsTemplate({ properties, schema, errorSchema }: ObjectFieldTemplateProps) {
  const { open, setOpen, testId } = useSettingsPanels();
  const visible = properties.filter((p) => !p.hidden);
  const leaves = visible.filter((p) => !isGroupSchema(schema.properties?.[p.name]));
  const groups = visible.filter((p) => isGroupSchema(schema.properties?.[p.name]));
  return (
    <>
      {leaves.map((p) => (
        <div key={p.name}>{p.content}</div>
      ))}
      <Collapse
        activeKey={open}
        onChange={(keys) => setOpen(Array.isArray(keys) ? keys.map(String) : [String(keys)])}
        items={groups.map((p) => {
          const title = (schema.properties?.[p.name] as { title?: string } | undefined)?.title ?? p.name;
          const errors = countErrors((errorSchema as Record<string, never> | undefined)?.[p.name]);
          return {
            key: p.name,
            label: (
              <Space size={8} data-testid={`${testId}-group-${p.name}`}>
                <span>{title}</span>
                {errors ? <Badge count={errors} data-testid={`${testId}-group-errors-${p.name}`} /> : null}
              </Space>
            ),
            children: p.content,
          };
        })}
      />
    </>
  );
}

/**
 * FieldTemplate of settings forms, lighter than antd's Form.Item. A Form.Item measures itself
 * while rendering (antd ItemHolder calls isVisible, forcing a synchronous layout of the whole
 * page) and its contexts change on every render; around a group or the root that made every
 * input below re-render on each keystroke. Groups render bare; a leaf is a label, its input,
 * its error and help, styled with the antd theme tokens.
 */
export function SettingsFieldTemplate({ id, label, displayLabel, required, hidden, rawErrors, rawHelp, schema, children, classNames, style }: FieldTemplateProps) {
  const { token } = theme.useToken();
  if (hidden) return <div className="rjsf-field-hidden">{children}</div>;
  if (schema.type === 'object')
    return (
      <div className={classNames} style={style}>
        {children}
        {rawErrors?.length ? <div style={{ color: token.colorError }}>{rawErrors.join(' ')}</div> : null}
      </div>
    );
  const hasErrors = Boolean(rawErrors?.length);
  const showLabel = displayLabel && Boolean(label);
  return (
    <div className={`fc-settings-field${hasErrors ? ' fc-settings-field-error' : ''}${showLabel ? '' : ' fc-settings-field-bare'}`} style={{ marginBottom: token.marginMD, ...style }}>
      {showLabel ? (
        <label htmlFor={id} className={`fc-settings-label${required ? ' fc-settings-required' : ''}`} style={{ color: token.colorText }}>
          {label}
        </label>
      ) : null}
      {children}
      {hasErrors ? (
        <div className="fc-settings-error" role="alert" style={{ color: token.colorError }}>
          {rawErrors!.join(' ')}
        </div>
      ) : null}
      {rawHelp ? (
        <div className="fc-settings-help" style={{ color: token.colorTextDescription }}>
          {rawHelp}
        </div>
      ) : null}
      <FieldSource id={id} />
    </div>
  );
}
