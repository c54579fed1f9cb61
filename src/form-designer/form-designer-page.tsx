/**
 * /home/formDesigner: palette, canvas and property panel over the designer document; undo/redo;
 * preview, JSON, code and import dialogs; save into a live entity schema. `?schema=<id>` opens
 * an existing entity (the generated screens link here).
 */
import React, { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { App, Button, Card, Popconfirm, Segmented, Select, Space, Tooltip, Typography } from 'antd';
import { ClearOutlined, CodeOutlined, EyeOutlined, FileTextOutlined, ImportOutlined, RedoOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, closestCenter, pointerWithin, useDraggable, useSensor, useSensors, type CollisionDetection, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useSearchParams } from 'react-router';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { pickLabel, useSchemas, type EntitySchema, type Lang } from '@runtime';
import { addField, replaceDocument, type Command, type EditorState } from './model/commands';
import { defaultConfig } from './model/field-types';
import { canRedo, canUndo, redo, run, startHistory, undo, type History } from './model/history';
import { designToSchema, schemaToDesign, type SchemaEnvelope } from './model/schema-conversion';
import { newEntityEnvelope, withListColumns } from './model/entity-envelope';
import { FIELD_TYPES, ROOT, type FieldType } from './model/types';
import { allFields } from './model/tree';
import { DesignerCanvas } from './canvas/designer-canvas';
import { dropCommand, type DragData } from './canvas/drop-target';
import { PropertyPanel } from './panels/property-panel';
import { FORM_DESIGNER_TEST_IDS as ids } from './test-ids';
import './form-designer.css';

const PreviewDialog = lazy(() => import('./dialogs/preview-dialog'));
const JsonDialog = lazy(() => import('./dialogs/json-dialog'));
const CodeDialog = lazy(() => import('./dialogs/code-dialog'));
const ImportDialog = lazy(() => import('./dialogs/import-dialog'));
const SaveDialog = lazy(() => import('./dialogs/save-dialog'));

type Action = { type: 'run'; command: Command } | { type: 'undo' } | { type: 'redo' } | { type: 'reset'; state: EditorState };

function reducer(h: History, a: Action): History {
  if (a.type === 'run') return run(h, a.command);
  if (a.type === 'undo') return undo(h);
  if (a.type === 'redo') return redo(h);
  return startHistory(a.state);
}

const GROUPS: { key: string; types: FieldType[] }[] = [
  { key: 'basic', types: ['input', 'textarea', 'number', 'radio', 'checkbox', 'time', 'date', 'rate', 'color', 'select', 'switch', 'slider', 'text'] },
  { key: 'advanced', types: ['blank', 'imgupload', 'editor', 'cascader'] },
  { key: 'layout', types: ['grid'] },
];

function PaletteItem({ type, onAdd }: { type: FieldType; onAdd: () => void }) {
  const { t } = useTranslation('form-designer');
  const data: DragData = { kind: 'palette', type };
  const { setNodeRef, listeners } = useDraggable({ id: `palette:${type}`, data });
  // Pointer drags only: Enter and Space keep their button meaning (add at the end).
  return (
    <button type="button" ref={setNodeRef} className="fd-palette-item" data-testid={ids.palette(type)} onPointerDown={listeners?.onPointerDown as React.PointerEventHandler<HTMLButtonElement> | undefined} onClick={onAdd}>
      {t(`types.${type}`)}
    </button>
  );
}

/** Among the droppables under the pointer, the innermost (smallest) wins: a grid column beats the form around it. */
const innermost: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  if (hits.length === 0) return closestCenter(args);
  const area = (id: string | number) => {
    const r = args.droppableRects.get(id);
    return r ? r.width * r.height : Infinity;
  };
  return [...hits].sort((a, b) => area(a.id) - area(b.id));
};

const emptyState = (): EditorState => ({ doc: { list: [], config: defaultConfig() }, selected: null });

/** The designer's own locales (spec §9: "locales en and cn (default cn)"); `cn` shows the console's Chinese texts. */
export type DesignerLocale = 'en' | 'cn';
const LOCALE_KEY = 'fc.formDesigner.locale';

function storedLocale(): DesignerLocale {
  try {
    return localStorage.getItem(LOCALE_KEY) === 'en' ? 'en' : 'cn';
  } catch {
    return 'cn';
  }
}

/**
 * The designer page in its own locale, whatever the console's language: cn unless the user chose
 * en (remembered in this browser). A clone of the console's i18n instance shares its texts.
 */
export default function FormDesignerPage() {
  const { i18n } = useTranslation();
  const [locale, setLocale] = useState<DesignerLocale>(storedLocale);
  const designerI18n = useMemo(() => i18n.cloneInstance({ lng: locale === 'cn' ? 'zh' : 'en' }), [i18n, locale]);
  const choose = (next: DesignerLocale) => {
    try {
      localStorage.setItem(LOCALE_KEY, next);
    } catch {
      /* not remembered */
    }
    setLocale(next);
  };
  return (
    <I18nextProvider i18n={designerI18n}>
      <div lang={locale === 'cn' ? 'zh' : 'en'} data-testid={ids.locale} data-locale={locale}>
        <FormDesignerBody locale={locale} onLocale={choose} />
      </div>
    </I18nextProvider>
  );
}

function FormDesignerBody({ locale, onLocale }: { locale: DesignerLocale; onLocale: (locale: DesignerLocale) => void }) {
  const { t, i18n } = useTranslation('form-designer');
  const lang = i18n.language as Lang;
  const { message } = App.useApp();
  const schemas = useSchemas();
  const [params, setParams] = useSearchParams();
  const schemaId = params.get('schema');
  const [history, dispatchAction] = useReducer(reducer, undefined, () => startHistory(emptyState()));
  const [envelope, setEnvelope] = useState<SchemaEnvelope>();
  const [dialog, setDialog] = useState<'preview' | 'json' | 'code' | 'import' | 'save'>();
  const [dragging, setDragging] = useState<string>();
  const { doc, selected } = history.present;
  const dispatch = useCallback((command: Command) => dispatchAction({ type: 'run', command }), []);

  // Opening ?schema=<id> loads that entity's design (once per id; a schema refetch does not reset the work).
  useEffect(() => {
    if (!schemaId) return;
    const entity = schemas.entity(schemaId);
    if (!entity) return;
    const { doc: loaded, envelope: env } = schemaToDesign(entity);
    setEnvelope(env);
    dispatchAction({ type: 'reset', state: { doc: loaded, selected: null } });
  }, [schemaId]); // schemas left out on purpose (see above)

  // Undo / redo from the keyboard anywhere on the page but in text fields.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable)) return;
      if (!(e.ctrlKey || e.metaKey) || dialog) return;
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) dispatchAction({ type: 'undo' });
      else if (k === 'y' || (k === 'z' && e.shiftKey)) dispatchAction({ type: 'redo' });
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dialog]);

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const nameOf = useCallback((type: FieldType) => t(`types.${type}`), [t]);
  const onDragStart = (e: DragStartEvent) => setDragging(String(e.active.id));
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(undefined);
    const command = dropCommand(e.active.data.current as DragData | undefined, e.over?.data.current as DragData | undefined, nameOf);
    if (command) dispatch(command);
  };

  // The schema the preview and code view show (and a save would write).
  const schema = useMemo<EntitySchema>(
    () => withListColumns(designToSchema(doc, envelope ?? newEntityEnvelope({ id: 'preview', labels: { en: t('title'), zh: t('title'), ja: t('title') }, group: 'other' }))),
    [doc, envelope, t],
  );
  const entities = schemas.entities.filter((e) => e['x-route'] && e.properties);
  const dragType = dragging?.startsWith('palette:') ? (dragging.slice('palette:'.length) as FieldType) : undefined;

  return (
    <div className="fd-page" data-testid={ids.page}>
      <Card
        size="small"
        title={
          <Space>
            <Typography.Text strong>{t('title')}</Typography.Text>
            <Typography.Text type="secondary">{envelope ? t('toolbar.editing', { entity: pickLabel(envelope['x-labels'], lang, envelope.$id) }) : t('toolbar.newForm')}</Typography.Text>
          </Space>
        }
      >
        <div className="fd-toolbar">
          <Select
              data-testid={ids.openEntity}
              style={{ width: 220 }}
              showSearch
              allowClear
              optionFilterProp="label"
              placeholder={t('open.placeholder')}
              aria-label={t('open.label')}
              value={schemaId ?? undefined}
              options={entities.map((e) => ({ value: e.$id, label: pickLabel(e['x-labels'], lang, e.$id) }))}
              onChange={(v?: string) => {
                if (!v) {
                  setEnvelope(undefined);
                  dispatchAction({ type: 'reset', state: emptyState() });
                  setParams({});
                } else setParams({ schema: v });
              }}
            />
          <Space wrap>
            <Tooltip title={`${t('toolbar.undo')} (Ctrl+Z)`}>
              <Button icon={<UndoOutlined />} aria-label={t('toolbar.undo')} data-testid={ids.undo} disabled={!canUndo(history)} onClick={() => dispatchAction({ type: 'undo' })} />
            </Tooltip>
            <Tooltip title={`${t('toolbar.redo')} (Ctrl+Y)`}>
              <Button icon={<RedoOutlined />} aria-label={t('toolbar.redo')} data-testid={ids.redo} disabled={!canRedo(history)} onClick={() => dispatchAction({ type: 'redo' })} />
            </Tooltip>
            <Button icon={<ImportOutlined />} data-testid={ids.import} onClick={() => setDialog('import')}>
              {t('toolbar.import')}
            </Button>
            <Popconfirm title={t('toolbar.clearConfirm')} onConfirm={() => dispatch(replaceDocument({ list: [], config: doc.config }))} disabled={doc.list.length === 0}>
              <Button icon={<ClearOutlined />} disabled={doc.list.length === 0}>
                {t('toolbar.clear')}
              </Button>
            </Popconfirm>
            <Button icon={<EyeOutlined />} data-testid={ids.preview} onClick={() => setDialog('preview')}>
              {t('toolbar.preview')}
            </Button>
            <Button icon={<FileTextOutlined />} data-testid={ids.json} onClick={() => setDialog('json')}>
              {t('toolbar.json')}
            </Button>
            <Button icon={<CodeOutlined />} data-testid={ids.code} onClick={() => setDialog('code')}>
              {t('toolbar.code')}
            </Button>
          </Space>
          <Space wrap>
            <Segmented<DesignerLocale>
              size="small"
              aria-label="Form designer language / 表单设计器语言"
              data-testid={ids.localeSwitch}
              value={locale}
              onChange={onLocale}
              options={[
                { value: 'cn', label: '中文' },
                { value: 'en', label: 'EN' },
              ]}
            />
            <Button type="primary" icon={<SaveOutlined />} data-testid={ids.save} onClick={() => setDialog('save')}>
              {t('toolbar.save')}
            </Button>
          </Space>
        </div>
        <DndContext sensors={sensors} collisionDetection={innermost} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragging(undefined)}>
          <div className="fd-layout">
            <aside className="fd-palette" aria-label={t('palette.hint')}>
              {GROUPS.map((g) => (
                <div key={g.key}>
                  <Typography.Text type="secondary" className="fd-palette-title">
                    {t(`palette.${g.key}`)}
                  </Typography.Text>
                  <div className="fd-palette-grid">
                    {g.types.map((type) => (
                      <PaletteItem key={type} type={type} onAdd={() => dispatch(addField(type, ROOT, doc.list.length, nameOf(type)))} />
                    ))}
                  </div>
                </div>
              ))}
              <Typography.Paragraph type="secondary" className="fd-palette-hint">
                {t('palette.hint')}
              </Typography.Paragraph>
            </aside>
            <main className="fd-main">
              <DesignerCanvas doc={doc} selected={selected} dispatch={dispatch} />
            </main>
            <PropertyPanel doc={doc} selected={selected} dispatch={dispatch} />
          </div>
          <DragOverlay>{dragType ? <div className="fd-palette-item fd-drag-overlay">{t(`types.${dragType}`)}</div> : null}</DragOverlay>
        </DndContext>
      </Card>
      <Suspense fallback={null}>
        {dialog === 'preview' ? <PreviewDialog schema={schema} doc={doc} onClose={() => setDialog(undefined)} /> : null}
        {dialog === 'json' ? <JsonDialog doc={doc} onClose={() => setDialog(undefined)} /> : null}
        {dialog === 'code' ? <CodeDialog doc={doc} schema={schema} onClose={() => setDialog(undefined)} /> : null}
        {dialog === 'import' ? (
          <ImportDialog
            onClose={() => setDialog(undefined)}
            onImport={(r) => {
              if (r.envelope) setEnvelope(r.envelope);
              dispatch(replaceDocument(r.doc));
              setDialog(undefined);
              message.success(t('importDialog.imported', { count: allFields(r.doc).length }));
              if (r.warnings.length) message.warning(`${t('importDialog.warnings')}: ${r.warnings.join('; ')}`);
            }}
          />
        ) : null}
        {dialog === 'save' ? (
          <SaveDialog
            doc={doc}
            envelope={envelope}
            onClose={() => setDialog(undefined)}
            onSaved={(saved) => {
              const { doc: d, envelope: env } = schemaToDesign(saved);
              setEnvelope(env);
              if (JSON.stringify(d) !== JSON.stringify(doc)) dispatch(replaceDocument(d));
              setDialog(undefined);
              if (params.get('schema') !== saved.$id) setParams({ schema: saved.$id }, { replace: true });
            }}
          />
        ) : null}
      </Suspense>
    </div>
  );
}

/** Every palette type is offered (kept in step with the model). */
export const PALETTE_TYPES: readonly FieldType[] = FIELD_TYPES;
