/** `/404` and `/500`: an antd Result with a back-to-home button (spec §2). */
import { Button, Result } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Which error page. */
export type ErrorKind = 'notFound' | 'serverError';

const STATUS = { notFound: '404', serverError: '500' } as const;

/** The error page of a kind. */
export function ErrorResultPage({ kind }: { kind: ErrorKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} data-testid={`page-${STATUS[kind]}`}>
      <Result
        status={STATUS[kind]}
        title={t(`pages.${kind}.title`)}
        subTitle={t(`pages.${kind}.subtitle`)}
        extra={
          <Button type="primary" icon={<HomeOutlined />} onClick={() => navigate('/home')} data-testid="back-home">
            {t('pages.backHome')}
          </Button>
        }
      />
    </div>
  );
}
