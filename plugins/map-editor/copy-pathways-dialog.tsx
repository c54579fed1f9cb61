/** Copy pathways (spec §5): the saved routes of this map onto another map; source and target must differ. */
import { useEffect, useState } from 'react';
import { Alert, App, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callEvent, useCatalogue } from '@runtime';
import type { MapRecord } from '@common/events/maps';
import type { MessageKey } from '@common/messages';
import { MAP_EDITOR_TEST_IDS as IDS } from './test-ids';
import { copyProblem } from './model/submit';

/** Modal choosing the target map. */
export function CopyPathwaysDialog({ sourceMapId, companyId, onClose }: { sourceMapId: number; companyId: number; onClose: () => void }) {
  const { t } = useTranslation('map-editor');
  const catalogue = useCatalogue();
  const { message } = App.useApp();
  const [maps, setMaps] = useState<MapRecord[]>([]);
  const [target, setTarget] = useState<number>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void callEvent('queryMap', { pageSize: 100, companyId })
      .then((a) => setMaps(a.list.filter((m) => m.processState === 'done')))
      .catch((err: Error) => setError(err.message));
  }, [companyId]);
  const submit = async () => {
    if (target === undefined) return;
    const problem = copyProblem(sourceMapId, target);
    if (problem) return setError(catalogue(problem.key as MessageKey, problem.vars));
    setBusy(true);
    try {
      const a = await callEvent('copyPathways', { sourceMapId, targetMapId: target });
      void message.success(t('copied', { count: a.copied }));
      onClose();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('copyTitle')} onCancel={onClose} onOk={() => void submit()} okButtonProps={{ disabled: target === undefined, loading: busy }} okText={t('copy')} cancelText={t('cancel')} data-testid={IDS.copyDialog}>
      <Typography.Paragraph type="secondary">{t('copyHint')}</Typography.Paragraph>
      <Select
        style={{ width: '100%' }}
        placeholder={t('copyTarget')}
        value={target}
        onChange={(v: number) => (setError(null), setTarget(v))}
        options={maps.map((m) => ({ value: m.mapId, label: `${m.mapName} · ${m.buildingName} · F${m.floor}` }))}
      />
      {error ? <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} /> : null}
    </Modal>
  );
}
