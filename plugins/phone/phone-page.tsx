/**
 * /home/phone (issue 19): two tabs over the generated entity lists — app packages (upload a new
 * .apk with its version and notes, delete after confirmation; the newest is the login page's
 * download) and phone client logs (download, delete after confirmation).
 */
import { useState } from 'react';
import { Card, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityListPage } from '@runtime';

export function PhonePage() {
  const { t } = useTranslation('phone');
  const [tab, setTab] = useState('packages');
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="phone-page">
      <Card size="small">
        <Typography.Title level={4} style={{ margin: 0 }}>{t('title')}</Typography.Title>
        <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
      </Card>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'packages', label: <span data-testid="phone-tab-packages">{t('packages')}</span>, children: <EntityListPage schemaId="app-package" /> },
          { key: 'logs', label: <span data-testid="phone-tab-logs">{t('logs')}</span>, children: <EntityListPage schemaId="phone-log" /> },
        ]}
      />
    </Space>
  );
}
