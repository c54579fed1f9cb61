/**
 * The `link` row action of `x-row-actions`: a dialog that shows which records of another entity
 * are linked to a row (roleManage: the users holding a role) and links more. The calls come from
 * the schema (`link.get` answers the linked ids, `link.set` links a list), so a new link between
 * entities is a schema entry, not a page.
 */
import { useMemo, useState } from 'react';
import { Alert, App, Empty, Modal, Select, Space, Spin, Tag, Typography } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { restCall } from '../../api/clients';
import { isAbortedError } from '../../api/errors';
import { useSession } from '../../session/session-store';
import { useRefOptions } from '../ref-lookups';

/** What a `link` row action declares. */
export interface LinkSpec {
  /** The linked entity (its `x-ref` lookup gives the options and their labels). */
  ref: string;
  /** `GET /path` answering the linked ids for `{[idParam]: row id}`. */
  get: string;
  /** `POST /path` receiving `{[idParam]: row id, [listParam]: ids}`. */
  set: string;
  idParam: string;
  listParam: string;
  /** Whether the caller's own record may be linked (a user does not move themselves to another role). */
  excludeSelf?: boolean;
}

const split = (call: string) => call.split(' ', 2) as ['GET' | 'POST' | 'PUT' | 'DELETE', string];

/** The dialog of one row. */
export function LinkDialog({ spec, record, title, onClose, onDone }: { spec: LinkSpec; record: BaseRecord; title: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  const queryClient = useQueryClient();
  const { options, byId, isLoading: optionsLoading } = useRefOptions(spec.ref);
  const [chosen, setChosen] = useState<(number | string)[]>([]);
  const [saving, setSaving] = useState(false);
  const [getMethod, getPath] = split(spec.get);
  const linked = useQuery({
    queryKey: ['fleet-console', 'link', spec.get, record.id],
    retry: false,
    queryFn: ({ signal }) => restCall<(number | string)[]>(getPath, { method: getMethod, query: { [spec.idParam]: record.id as number }, signal }),
  });
  const linkedIds = useMemo(() => new Set((linked.data ?? []).map(String)), [linked.data]);
  const choices = options.filter((o) => !linkedIds.has(String(o.value)) && !(spec.excludeSelf && String(o.value) === String(session?.userId)));

  const save = async () => {
    if (!chosen.length) return onClose();
    setSaving(true);
    try {
      const [method, path] = split(spec.set);
      await restCall(path, { method, body: { [spec.idParam]: record.id, [spec.listParam]: chosen } });
      message.success(t('link.saved', { count: chosen.length }));
      await queryClient.invalidateQueries({ queryKey: ['fleet-console', 'ref', spec.ref] });
      onDone();
      onClose();
    } catch (err) {
      if (!isAbortedError(err)) message.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => void save()}
      okButtonProps={{ loading: saving, disabled: linked.isError, 'data-testid': 'link-save' } as never}
      onCancel={onClose}
      destroyOnHidden
      data-testid="link-dialog"
    >
      {linked.isError ? (
        <Alert type="error" showIcon message={(linked.error as Error).message} />
      ) : linked.isLoading || optionsLoading ? (
        <Spin />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <div>
            <Typography.Text type="secondary">{t('link.current')}</Typography.Text>
            <div data-testid="link-current" style={{ marginTop: 8 }}>
              {linkedIds.size ? (
                [...linkedIds].map((id) => <Tag key={id}>{byId.get(id)?.label ?? `#${id}`}</Tag>)
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('link.none')} style={{ margin: 0 }} />
              )}
            </div>
          </div>
          <div>
            <label htmlFor="link-add">
              <Typography.Text type="secondary">{t('link.add')}</Typography.Text>
            </label>
            <Select
              id="link-add"
              data-testid="link-add"
              mode="multiple"
              showSearch
              optionFilterProp="label"
              style={{ width: '100%', marginTop: 8 }}
              placeholder={t('link.pick')}
              options={choices}
              value={chosen}
              onChange={setChosen}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
              {t('link.hint')}
            </Typography.Paragraph>
          </div>
        </Space>
      )}
    </Modal>
  );
}
