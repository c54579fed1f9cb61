/** The console's answer when the schema set cannot be loaded: the reason and a retry (a lazy chunk of console-root). */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The failure with its message and a retry button. */
export default function SchemasFailed({ error, onRetry }: { error: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('pages.schemasFailed')}
      subTitle={error}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
