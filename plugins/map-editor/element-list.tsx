/** The list of drawn elements (memoised: panning and zooming do not re-render it). */
import { memo } from 'react';
import { Card, Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MapElementKind } from '@common/map';
import { MAP_EDITOR_TEST_IDS as IDS } from './test-ids';
import { kindLabelKey, utilOf } from './model/element-utils';
import type { MapElement } from './model/types';

/** Most rows shown (a map may hold thousands of elements; the canvas shows them all). */
const MAX_ROWS = 100;

/** Elements card of the editor's side panel. */
export const ElementList = memo(function ElementList({ elements, selected, onPick }: { elements: MapElement[]; selected: string[]; onPick: (id: string) => void }) {
  const { t } = useTranslation('map-editor');
  const label = (e: MapElement) => t(kindLabelKey(e));
  return (
    <Card size="small" title={t('elements', { count: elements.length })} styles={{ body: { maxHeight: 260, overflow: 'auto', padding: 0 } }}>
      {elements.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noElements')} />
      ) : (
        <List
          size="small"
          data-testid={IDS.elements}
          dataSource={elements.slice(0, MAX_ROWS)}
          footer={elements.length > MAX_ROWS ? <Typography.Text type="secondary" style={{ paddingInline: 12 }}>{t('more', { count: elements.length - MAX_ROWS })}</Typography.Text> : undefined}
          renderItem={(e) => (
            <List.Item
              data-testid={`${IDS.element}-${e.id}`}
              data-kind={e.kind}
              data-name={e.name}
              style={{ cursor: 'pointer', background: selected.includes(e.id) ? '#e6f4ff' : undefined, paddingInline: 12 }}
              onClick={() => onPick(e.id)}
            >
              <Space>
                <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: utilOf(e.kind).colour(e) }} />
                <span>{e.name}</span>
                <Typography.Text type="secondary">{label(e)}</Typography.Text>
                {e.kind === MapElementKind.chargePosition && e.props.enabled === true ? <Tag color="green">{t('enabled')}</Tag> : null}
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
});
