/** The editor of a map still being processed: its progress, live, and the editor opens by itself once it is done. */
import { useState } from 'react';
import { Button, Progress, Result } from 'antd';
import { useSubscription } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '@runtime';
import { mapsTopic } from '@common/map';
import { MAP_EDITOR_TEST_IDS as IDS } from './test-ids';

export function MapNotReady({ companyId, mapId, failed, progress, onDone }: { companyId: number; mapId: number; failed: boolean; progress: number; onDone: () => void }) {
  const { t } = useTranslation('map-editor');
  const [percent, setPercent] = useState(progress);
  useSubscription({
    channel: mapsTopic(companyId),
    types: ['*'],
    onLiveEvent: (e) => {
      const p = e.payload as { mapId?: number; processState?: string; processProgress?: number };
      if (e.type !== 'mapProgress' || p.mapId !== mapId) return;
      if (typeof p.processProgress === 'number') setPercent(p.processProgress);
      if (p.processState === 'done' || p.processState === 'failed') onDone();
    },
  });
  return (
    <div data-testid={IDS.notReady}>
      <Result
        status={failed ? 'error' : 'info'}
        title={t(failed ? 'processFailed' : 'notReady')}
        subTitle={
          failed ? undefined : (
            <div data-testid={IDS.notReadyProgress} data-percent={percent} style={{ maxWidth: 360, margin: '0 auto' }}>
              <Progress percent={percent} />
            </div>
          )
        }
        extra={<Button onClick={() => navigateTo('/home/mapManage')}>{t('back')}</Button>}
      />
    </div>
  );
}
