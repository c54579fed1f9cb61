/**
 * `/` — login with verification code (spec §2, §5). Returning here clears the stored
 * session. Client rules use the shared catalogue messages; server failures show their
 * statusInfo in an Alert.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input, Spin, Typography, theme } from 'antd';
import { DashboardOutlined, LockOutlined, RobotOutlined, SafetyCertificateOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BRAND_COLOUR,
  clearRobotSelection,
  clearSession,
  isAbortedError,
  LangSwitch,
  login,
  requestVerificationCode,
  useCatalogue,
  type VerificationCode,
} from '@runtime';
import { FORMATS } from '@common/formats';
import { LOGIN_TEST_IDS as IDS } from './login-test-ids';
import './login-page.css';

interface LoginForm {
  username: string;
  password: string;
  code: string;
}

/** The login page. */
export default function LoginPage() {
  const { t } = useTranslation();
  const msg = useCatalogue();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const [form] = Form.useForm<LoginForm>();
  const [code, setCode] = useState<VerificationCode>();
  const [codeLoading, setCodeLoading] = useState(false);
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const codeRequest = useRef<AbortController | undefined>(undefined);

  const refreshCode = useCallback(async () => {
    codeRequest.current?.abort();
    const controller = new AbortController();
    codeRequest.current = controller;
    setCodeLoading(true);
    try {
      setCode(await requestVerificationCode(controller.signal));
    } catch (e) {
      if (!isAbortedError(e)) setError((e as Error).message);
    } finally {
      if (codeRequest.current === controller) setCodeLoading(false);
    }
  }, []);

  useEffect(() => {
    // Spec §2: returning to / clears the stored session state.
    clearSession();
    clearRobotSelection();
    void refreshCode();
    return () => codeRequest.current?.abort();
  }, [refreshCode]);

  const onFinish = async (values: LoginForm) => {
    setError(undefined);
    setSubmitting(true);
    try {
      await login(values.username.trim(), values.password, code?.codeId ?? '', values.code.trim());
      navigate('/home', { replace: true });
    } catch (e) {
      if (isAbortedError(e)) return;
      setError((e as Error).message);
      form.setFieldValue('code', '');
      void refreshCode();
    } finally {
      setSubmitting(false);
    }
  };

  const pattern = (name: keyof typeof FORMATS) => ({
    validator: (_: unknown, value: string | undefined) =>
      !value || FORMATS[name]!.validate(value) ? Promise.resolve() : Promise.reject(new Error(msg(FORMATS[name]!.message))),
  });

  return (
    <div className="fc-login" style={{ background: token.colorBgLayout }}>
      <aside className="fc-login-brand" style={{ background: `linear-gradient(140deg, ${BRAND_COLOUR} 0%, #0b3a8a 60%, #061a40 100%)` }}>
        <div className="fc-login-logo">
          <RobotOutlined />
          <span>{t('app.name')}</span>
        </div>
        <div className="fc-login-pitch">
          <h1>{t('app.tagline')}</h1>
          <ul>
            <li>
              <DashboardOutlined /> {t('login.features.monitor')}
            </li>
            <li>
              <SafetyCertificateOutlined /> {t('login.features.control')}
            </li>
            <li>
              <TeamOutlined /> {t('login.features.manage')}
            </li>
          </ul>
        </div>
        <div className="fc-login-foot">© {new Date().getFullYear()} {t('login.copyright')}</div>
      </aside>
      <main className="fc-login-main">
        <div className="fc-login-lang">
          <LangSwitch />
        </div>
        <div className="fc-login-card" style={{ background: token.colorBgContainer, boxShadow: token.boxShadowTertiary }}>
          <Typography.Title level={3} style={{ marginBottom: 4 }}>
            {t('login.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
          {error ? <Alert data-testid={IDS.error} type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
          <Form<LoginForm> form={form} layout="vertical" size="large" requiredMark={false} onFinish={onFinish} autoComplete="on">
            <Form.Item
              name="username"
              label={t('login.username')}
              rules={[{ required: true, whitespace: true, message: msg('usernameEmpty') }, pattern('username')]}
            >
              <Input data-testid={IDS.username} prefix={<UserOutlined />} autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: msg('passwordEmpty') }, pattern('password')]}>
              <Input.Password data-testid={IDS.password} prefix={<LockOutlined />} autoComplete="current-password" />
            </Form.Item>
            <Form.Item label={t('login.code')} required>
              <div className="fc-login-code">
                <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: msg('codeEmpty') }]}>
                  <Input data-testid={IDS.code} prefix={<SafetyCertificateOutlined />} autoComplete="off" maxLength={8} />
                </Form.Item>
                <button
                  type="button"
                  className="fc-login-code-image"
                  title={t('login.refreshCode')}
                  aria-label={t('login.codeImage')}
                  onClick={() => void refreshCode()}
                  style={{ borderColor: token.colorBorder }}
                >
                  {code?.image ? <img data-testid={IDS.codeImage} src={code.image} alt={t('login.codeImage')} /> : <span data-testid={IDS.codeImage} />}
                  {codeLoading ? <Spin size="small" className="fc-login-code-spin" /> : null}
                </button>
              </div>
            </Form.Item>
            <Button data-testid={IDS.submit} type="primary" htmlType="submit" block loading={submitting} style={{ marginTop: 8 }}>
              {t('login.submit')}
            </Button>
          </Form>
        </div>
      </main>
    </div>
  );
}
