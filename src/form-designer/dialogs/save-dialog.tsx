/**
 * Save into an entity (the current one, or a new one with its name, labels and menu group), and
 * the current entity's revisions (who, when) with restore. A refusal from the server is shown
 * in the dialog, which stays open.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Popconfirm, Radio, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callEvent, formatDateTime, getLang, notifySchemasChanged, type EntitySchema } from '@runtime';
import type { FormDesignRevision } from '@common/events/form-design';
import { ENTITY_ID_PATTERN, newEntityEnvelope, withListColumns } from '../model/entity-envelope';
import { designToSchema, type SchemaEnvelope } from '../model/schema-conversion';
import type { DesignerDocument } from '../model/types';
import { FORM_DESIGNER_TEST_IDS as ids } from '../test-ids';

/** A saved revision. */
type SavedRevision = FormDesignRevision;

const GROUPS = ['operations', 'monitoring', 'admin', 'system', 'other'];

/** The save dialog. */
export default function SaveDialog({
  doc,
  envelope,
  onSaved,
  onClose,
}: {
  doc: DesignerDocument;
  envelope?: SchemaEnvelope;
  onSaved: (schema: EntitySchema, revision: SavedRevision) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('form-designer');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [target, setTarget] = useState<'existing' | 'new'>(envelope ? 'existing' : 'new');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [revisions, setRevisions] = useState<SavedRevision[]>();

  const loadRevisions = useCallback(() => {
    if (!envelope) return;
    callEvent('queryFormDesignRevisions', { schemaId: envelope.$id, pageSize: 20 })
      .then((r) => setRevisions(r.list))
      .catch((e: unknown) => setError((e as Error).message));
  }, [envelope]);
  useEffect(loadRevisions, [loadRevisions]);

  const save = async (schema: EntitySchema) => {
    setSaving(true);
    setError(undefined);
    try {
      const rev = await callEvent('saveFormDesign', { schema });
      notifySchemasChanged();
      message.success(t('save.saved', { revision: rev.revision, entity: schema.$id }));
      onSaved(schema, rev);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const submit = async () => {
    if (doc.list.length === 0) {
      setError(t('save.noFields'));
      return;
    }
    if (target === 'existing' && envelope) {
      await save(withListColumns(designToSchema(doc, envelope)));
      return;
    }
    const v = (await form.validateFields()) as { id: string; en: string; zh?: string; ja?: string; group: string };
    const labels = { en: v.en, zh: v.zh || v.en, ja: v.ja || v.en };
    await save(withListColumns(designToSchema(doc, newEntityEnvelope({ id: v.id, labels, group: v.group }))));
  };

  const restore = async (r: SavedRevision) => {
    setError(undefined);
    try {
      const next = await callEvent('restoreFormDesign', { id: r.id });
      notifySchemasChanged();
      message.success(t('save.restored', { revision: r.revision, next: next.revision }));
      const full = await callEvent('getFormDesignRevision', { id: next.id });
      onSaved(full.schema as EntitySchema, next);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Modal open title={t('save.title')} onCancel={onClose} onOk={() => void submit()} okText={t('save.ok')} okButtonProps={{ loading: saving, 'data-testid': ids.saveOk } as never} width={720} destroyOnHidden>
      <div data-testid={ids.saveForm}>
        {error ? <Alert data-testid={ids.saveError} type="error" showIcon message={error} style={{ marginBottom: 12 }} closable onClose={() => setError(undefined)} /> : null}
        {envelope ? (
          <Radio.Group
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            style={{ marginBottom: 16 }}
            options={[
              { value: 'existing', label: t('save.existing', { entity: envelope.$id }) },
              { value: 'new', label: t('save.new') },
            ]}
          />
        ) : null}
        {target === 'new' ? (
          <Form form={form} layout="vertical" initialValues={{ group: 'other' }}>
            <Form.Item name="id" label={t('save.id')} extra={t('save.idHelp')} rules={[{ required: true, pattern: ENTITY_ID_PATTERN, message: t('save.idInvalid') }]}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item name="en" label={t('save.labelEn')} rules={[{ required: true, message: t('save.labelEn') }]}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item name="zh" label={t('save.labelZh')}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item name="ja" label={t('save.labelJa')}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item name="group" label={t('save.group')}>
              <Select options={GROUPS.map((g) => ({ value: g, label: t(`save.groups.${g}`) }))} />
            </Form.Item>
          </Form>
        ) : (
          <>
            <Typography.Title level={5}>{t('save.revisions')}</Typography.Title>
            <Table<SavedRevision>
              data-testid={ids.revisions}
              size="small"
              rowKey="id"
              loading={!revisions && !error}
              dataSource={revisions ?? []}
              pagination={false}
              locale={{ emptyText: t('save.noRevisions') }}
              columns={[
                { title: t('save.revision'), dataIndex: 'revision', render: (v: number, r) => (r.restoredFrom ? `${v} (${t('save.restoredFrom', { revision: r.restoredFrom })})` : v) },
                { title: t('save.who'), dataIndex: 'username' },
                { title: t('save.when'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v, getLang()) },
                {
                  title: '',
                  key: 'restore',
                  render: (_: unknown, r) => (
                    <Popconfirm title={t('save.restoreConfirm', { revision: r.revision })} onConfirm={() => void restore(r)}>
                      <Button size="small">{t('save.restore')}</Button>
                    </Popconfirm>
                  ),
                },
              ]}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
