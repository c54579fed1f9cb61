/** JSON import: a designer document or an entity schema. Invalid JSON shows the parser's message and keeps the dialog open. */
import { useState } from 'react';
import { Alert, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseImport, type ImportResult } from '../model/import-json';
import { FORM_DESIGNER_TEST_IDS as ids } from '../test-ids';

/** The import dialog; `onImport` gets the accepted result. */
export default function ImportDialog({ onImport, onClose }: { onImport: (r: Extract<ImportResult, { ok: true }>) => void; onClose: () => void }) {
  const { t } = useTranslation('form-designer');
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const submit = () => {
    const r = parseImport(text);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    onImport(r);
  };
  return (
    <Modal open title={t('importDialog.title')} onCancel={onClose} onOk={submit} okText={t('importDialog.ok')} okButtonProps={{ 'data-testid': ids.importOk } as never} width={760} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('importDialog.hint')}</Typography.Paragraph>
      {error ? <Alert data-testid={ids.importError} type="error" showIcon message={t('importDialog.parseError', { error })} style={{ marginBottom: 12 }} /> : null}
      <Input.TextArea
        data-testid={ids.importText}
        aria-label={t('importDialog.title')}
        rows={16}
        value={text}
        spellCheck={false}
        style={{ fontFamily: 'monospace' }}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
      />
    </Modal>
  );
}
