/**
 * `/home` shell: side menu (plugins + entity schemas, filtered by route guards, grouped),
 * header with company, user, language, skin, realtime state and logout. `?hideNav=1`
 * hides both.
 */
import { Suspense, useMemo, useState } from 'react';
import { Avatar, Badge, Button, Layout, Menu, Space, Spin, Tooltip, Typography, theme } from 'antd';
import { SendSuggestion } from './send-suggestion';
import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useLogout } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { confirmLeave, LangSwitch, lazyPage, SkinSwitch, useAfterFirstPaint, useLinkState, useSession, type Lang, type LinkStatus } from '@runtime';
import { PageErrorBoundary } from '../errors/page-error-boundary';
import { entryLabel, type MenuEntry } from './menu-model';
import { visibleMenu } from './landing';
import { menuIcon } from './menu-icons';
import './home-shell.css';
import { ShellOverlays, type lazyOverlays } from './shell-overlays';

/** The own-password dialog (antd Form): a lazy chunk, fetched when the pointer or focus reaches the user button (issue 23). */
const ChangePasswordDialog = lazyPage(async () => ({ default: (await import('./change-password')).ChangePasswordDialog }));
const preloadPasswordDialog = () => void ChangePasswordDialog.preload();

const LINK_BADGE: Record<LinkStatus, 'success' | 'processing' | 'error' | 'default' | 'warning'> = {
  connected: 'success',
  connecting: 'processing',
  reconnecting: 'warning',
  failed: 'error',
  idle: 'default',
};

/** Shows the realtime link state. */
function LinkBadge() {
  const state = useLinkState();
  const { t } = useTranslation();
  return (
    <Tooltip title={t(`shell.link.${state.status}`)}>
      <Badge status={LINK_BADGE[state.status]} text={<span className="fc-shell-link-text">{t(`shell.link.${state.status}`)}</span>} data-testid="link-state" data-status={state.status} />
    </Tooltip>
  );
}

/** Props of the shell. */
export interface HomeShellProps {
  menuEntries: MenuEntry[];
  /** Plugin overlays mounted on every /home page (e.g. the live alarm pop-up). */
  overlays?: ReturnType<typeof lazyOverlays>;
}

/** The shell around every /home page. */
export function HomeShell({ menuEntries, overlays = [] }: HomeShellProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  // A page with unsaved work (the map editor) may ask before the menu leaves it.
  const leaveTo = async (path: string) => (await confirmLeave()) && navigate(path);
  const { token } = theme.useToken();
  const { mutate: logout, isPending: loggingOut } = useLogout();
  const [passwordOpen, setPasswordOpen] = useState(false);
  // The dialog stays mounted from its first opening on (its closing animation).
  const [passwordUsed, setPasswordUsed] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  const hideNav = new URLSearchParams(location.search).get('hideNav') === '1';
  // The menu's items (some forty antd items with icons) render one pass after the shell and the page's frame have painted.
  const menuShown = useAfterFirstPaint();

  // A page shows in the menu when its route is open to the role and its data is readable by it.
  const groups = useMemo(
    () =>
      session
        ? visibleMenu(session, menuEntries)
        : [],
    [menuEntries, session],
  );
  const items = groups.map((g) => ({
    type: 'group' as const,
    key: `group:${g.key}`,
    label: collapsed ? null : t(`menu.groups.${g.key}`, { defaultValue: g.key }),
    children: g.entries.map((e) => {
      const Icon = menuIcon(e.icon);
      return { key: e.path, icon: <Icon />, label: entryLabel(e, lang), 'data-testid': `menu-${e.path.split('/').pop()}` };
    }),
  }));
  const selected = groups
    .flatMap((g) => g.entries.map((e) => e.path))
    .filter((p) => location.pathname === p || location.pathname.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)
    .slice(0, 1);
  // Every page has one level-1 heading (axe page-has-heading-one): the open page's menu name, for screen readers.
  const pageEntry = groups.flatMap((g) => g.entries).find((e) => e.path === selected[0]);

  const content = (
    <PageErrorBoundary>
      <h1 className="fc-visually-hidden" data-testid="page-heading">
        {pageEntry ? entryLabel(pageEntry, lang) : t('app.name')}
      </h1>
      <ShellOverlays overlays={overlays} />
      <Suspense
        fallback={
          <div style={{ display: 'grid', placeItems: 'center', minHeight: 320 }}>
            <Spin size="large" />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );

  if (hideNav) return <Layout className="fc-shell fc-shell-bare">{<Layout.Content className="fc-shell-content">{content}</Layout.Content>}</Layout>;

  return (
    <Layout className="fc-shell" hasSider>
      <Layout.Sider className="fc-shell-sider" width={224} collapsedWidth={64} collapsible trigger={null} collapsed={collapsed} theme="dark">
        <div className="fc-shell-logo" onClick={() => void leaveTo('/home')} role="link">
          <RobotOutlined />
          {collapsed ? null : <span>{t('app.name')}</span>}
        </div>
        <Menu
          data-testid="side-menu"
          theme="dark"
          mode="inline"
          items={menuShown ? items : []}
          selectedKeys={selected}
          onClick={({ key }) => void leaveTo(key)}
          className="fc-shell-menu"
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="fc-shell-header" style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          <Space size={12}>
            <Tooltip title={collapsed ? t('shell.expand') : t('shell.collapse')}>
              <Button type="text" icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={() => setCollapsed(!collapsed)} />
            </Tooltip>
            {session?.companyLogo ? <img src={session.companyLogo} alt="" className="fc-shell-company-logo" /> : null}
            <Typography.Text strong data-testid="company-name">
              {session?.companyName}
            </Typography.Text>
          </Space>
          <Space size={16}>
            <LinkBadge />
            <LangSwitch />
            <SkinSwitch />
            <SendSuggestion />
            <Tooltip title={t('password.title')}>
              <Button
                type="text"
                onClick={() => {
                  setPasswordUsed(true);
                  setPasswordOpen(true);
                }}
                onMouseEnter={preloadPasswordDialog}
                onFocus={preloadPasswordDialog}
                data-testid="user-menu"
                style={{ paddingInline: 4 }}
              >
                <Space size={8}>
                  <Avatar size="small" icon={<UserOutlined />} style={{ background: token.colorPrimary }} />
                  <Typography.Text data-testid="user-name">{session?.name}</Typography.Text>
                </Space>
              </Button>
            </Tooltip>
            {passwordUsed ? (
              <Suspense fallback={null}>
                <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
              </Suspense>
            ) : null}
            <Tooltip title={t('shell.logout')}>
              <Button type="text" icon={<LogoutOutlined />} loading={loggingOut} onClick={() => logout()} data-testid="logout">
                {t('shell.logout')}
              </Button>
            </Tooltip>
          </Space>
        </Layout.Header>
        <Layout.Content className="fc-shell-content">{content}</Layout.Content>
      </Layout>
    </Layout>
  );
}
