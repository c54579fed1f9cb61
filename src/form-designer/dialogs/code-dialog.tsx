/** Code view: the entity schema, a plain RJSF schema + uiSchema, and a short React snippet. */
import { Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntitySchema } from '@runtime';
import { reactSnippet, toRjsf } from '../model/rjsf-code';
import type { DesignerDocument } from '../model/types';

/** The code view dialog. */
export default function CodeDialog({ doc, schema, onClose }: { doc: DesignerDocument; schema: EntitySchema; onClose: () => void }) {
  const { t } = useTranslation('form-designer');
  const rjsf = toRjsf(doc);
  const pre = (text: string) => <pre className="fd-code fd-code-tall">{text}</pre>;
  return (
    <Modal open title={t('codeView.title')} onCancel={onClose} footer={null} width={900} destroyOnHidden>
      <Tabs
        items={[
          { key: 'schema', label: t('codeView.schema'), children: pre(JSON.stringify(schema, null, 2)) },
          { key: 'ui', label: t('codeView.uiSchema'), children: pre(JSON.stringify({ schema: rjsf.schema, uiSchema: rjsf.uiSchema }, null, 2)) },
          { key: 'react', label: t('codeView.react'), children: pre(reactSnippet(doc)) },
        ]}
      />
    </Modal>
  );
}
