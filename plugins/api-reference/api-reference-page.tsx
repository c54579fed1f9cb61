/**
 * /home/apiReference: the server's generated OpenAPI document, browsable in Swagger UI that the
 * server itself serves (/api/reference/, no CDN), framed under the console's own header and
 * links to both generated documents.
 */
import { useState } from 'react';
import { Button, Space, Spin, Typography } from 'antd';
import { ApiOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { API_REFERENCE_TEST_IDS as IDS } from './test-ids';

export default function ApiReferencePage() {
  const { t } = useTranslation('api-reference');
  const [loaded, setLoaded] = useState(false);
  return (
    <div data-testid={IDS.page} style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 'calc(100vh - 140px)', gap: 12 }}>
      <Space align="start" style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <div style={{ maxWidth: 760 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            <ApiOutlined /> {t('title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {t('intro')}
          </Typography.Paragraph>
        </div>
        <Space wrap>
          <Button icon={<DownloadOutlined />} href="/api/openapi.json" target="_blank" rel="noopener" data-testid={IDS.openapi}>
            {t('openapi')}
          </Button>
          <Button icon={<DownloadOutlined />} href="/api/asyncapi.json" target="_blank" rel="noopener" data-testid={IDS.asyncapi}>
            {t('asyncapi')}
          </Button>
        </Space>
      </Space>
      <div style={{ position: 'relative', flex: 1, minHeight: 480, border: '1px solid rgba(127,127,127,0.25)', borderRadius: 8, overflow: 'hidden', background: '#fff' }}>
        {!loaded && (
          <div style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Spin tip={t('loading')}>
              <div style={{ width: 200, height: 60 }} />
            </Spin>
          </div>
        )}
        <iframe title={t('frameTitle')} src="/api/reference/" onLoad={() => setLoaded(true)} style={{ border: 0, width: '100%', height: '100%', minHeight: 480, display: 'block' }} data-testid={IDS.frame} />
      </div>
    </div>
  );
}
