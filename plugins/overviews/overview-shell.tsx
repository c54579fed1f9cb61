/** The frame of the full-page overviews: a header with back, title and link state, on a dark or light page. */
import type { ReactNode } from 'react';
import { Badge, Button, Card, Flex, Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { navigateTo, useLinkState } from '@runtime';

/** Props of the overview frame. */
export interface OverviewShellProps {
  title: string;
  testId: string;
  extra?: ReactNode;
  children: ReactNode;
  /** Drawn behind the content (the monitor overview's dots). */
  background?: ReactNode;
}

/** Full page (`/dashboard`) or inside the console shell (`/home/dashboard`). */
export function OverviewShell({ title, testId, extra, children, background }: OverviewShellProps) {
  const { t } = useTranslation('overviews');
  const fullPage = !useLocation().pathname.startsWith('/home/');
  const link = useLinkState();
  return (
    <div data-testid={testId} style={{ position: 'relative', ...(fullPage ? { padding: 16, minHeight: '100vh', boxSizing: 'border-box', background: '#0b1220' } : {}) }}>
      {background}
      <div style={{ position: 'relative' }}>
        <Card size="small" style={{ marginBottom: 12 }}>
          <Flex gap={12} wrap align="center" justify="space-between">
            <Space wrap>
              {fullPage ? <Button icon={<ArrowLeftOutlined />} onClick={() => navigateTo('/home')} aria-label={t('back')} /> : null}
              <Typography.Title level={5} style={{ margin: 0 }}>
                {title}
              </Typography.Title>
              <Badge status={link.connected ? 'processing' : 'default'} text={link.connected ? t('live') : t('notLive')} />
            </Space>
            <Space wrap>{extra}</Space>
          </Flex>
        </Card>
        {children}
      </div>
    </div>
  );
}
