/** JSON view: the designer document `{list, config}` in a read-only Monaco editor (lazy chunk). */
import { lazy, Suspense } from 'react';
import { App, Button, Modal, Spin } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DesignerDocument } from '../model/types';
import { FORM_DESIGNER_TEST_IDS as ids } from '../test-ids';

const MonacoJson = lazy(() => import('./monaco-json'));

/** The JSON view dialog. */
export default function JsonDialog({ doc, onClose }: { doc: DesignerDocument; onClose: () => void }) {
  const { t } = useTranslation('form-designer');
  const { message } = App.useApp();
  const text = JSON.stringify(doc, null, 2);
  return (
    <Modal
      open
      title={t('jsonView.title')}
      onCancel={onClose}
      width={900}
      destroyOnHidden
      footer={
        <Button icon={<CopyOutlined />} onClick={() => void navigator.clipboard?.writeText(text).then(() => message.success(t('jsonView.copy')))}>
          {t('jsonView.copy')}
        </Button>
      }
    >
      <div data-testid={ids.jsonEditor} style={{ minHeight: '60vh' }}>
        <Suspense fallback={<Spin tip={t('jsonView.loading')} />}>
          <MonacoJson value={text} />
        </Suspense>
      </div>
    </Modal>
  );
}
