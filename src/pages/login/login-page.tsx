/**
 * `/` — login with verification code (spec §2, §5). Returning here clears the stored
 * session. Client rules use the shared catalogue messages; server failures show their
 * statusInfo in an Alert. Kept deliberately light (no antd Form, Input, Dropdown or Typography):
 * the login route's JavaScript budget is 200 KB gzip.
 */
import { useCallback, useEffect, useRef, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, theme } from 'antd';
import { DashboardOutlined, LockOutlined, RobotOutlined, SafetyCertificateOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fillMessage, LOGIN_MESSAGES, type LoginMessageKey } from '@common/messages-login';
import type { Lang } from '@common/protocol';
import {
  BRAND_COLOUR,
  clearRobotSelection,
  clearSession,
  isAbortedError,
  LangLinks,
  login,
  requestVerificationCode,
  takeLoginExpired,
  type VerificationCode,
} from '@runtime';
import { LOGIN_TEST_IDS as IDS } from './login-test-ids';
import { AppDownload } from './app-download';
import { LoginInput } from './login-input';
import { loginFieldProblem, type LoginField } from './login-rules';
import './login-page.css';

type FieldName = LoginField;
type Values = Record<FieldName, string>;

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div className="fc-login-field">
      <label htmlFor={id} style={{ color: token.colorText }}>
        {label}
      </label>
      {children}
      <div className="fc-login-field-error" role={error ? 'alert' : undefined} style={{ color: token.colorError }}>
        {error ?? ''}
      </div>
    </div>
  );
}

/** The login page. */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  // The login part of the catalogue only (common/messages-login.ts): the whole one is not loaded here.
  const msg = (key: LoginMessageKey) => fillMessage(LOGIN_MESSAGES, key, i18n.language as Lang);
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const [values, setValues] = useState<Values>({ username: '', password: '', code: '' });
  const [problems, setProblems] = useState<Partial<Record<FieldName, LoginMessageKey>>>({});
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
    // Spec §8: a session ended by an expired or revoked token says so here.
    if (takeLoginExpired()) setError(msg('tokenInvalid'));
    // Spec §2: returning to / clears the stored session state.
    clearSession();
    clearRobotSelection();
    void refreshCode();
    return () => codeRequest.current?.abort();
  }, [refreshCode]);

  const set = (field: FieldName) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (problems[field]) setProblems((p) => ({ ...p, [field]: loginFieldProblem(field, value) }));
  };
  const check = (field: FieldName) => setProblems((p) => ({ ...p, [field]: loginFieldProblem(field, values[field]) }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      username: loginFieldProblem('username', values.username),
      password: loginFieldProblem('password', values.password),
      code: loginFieldProblem('code', values.code),
    };
    setProblems(found);
    if (found.username || found.password || found.code) return;
    setError(undefined);
    setSubmitting(true);
    try {
      await login(values.username.trim(), values.password, code?.codeId ?? '', values.code.trim());
      navigate('/home', { replace: true });
    } catch (e) {
      if (isAbortedError(e)) return;
      setError((e as Error).message);
      setValues((v) => ({ ...v, code: '' }));
      void refreshCode();
    } finally {
      setSubmitting(false);
    }
  };

  const problem = (field: FieldName) => (problems[field] ? msg(problems[field]!) : undefined);

  const cssVars = {
    '--fc-border': token.colorBorder,
    '--fc-primary': token.colorPrimary,
    '--fc-primary-hover': token.colorPrimaryHover,
    '--fc-outline': token.controlOutline,
    '--fc-error': token.colorError,
    '--fc-error-outline': token.colorErrorOutline,
    '--fc-bg': token.colorBgContainer,
    '--fc-text': token.colorText,
    '--fc-placeholder': token.colorTextPlaceholder,
    '--fc-icon': token.colorTextTertiary,
    background: token.colorBgLayout,
  } as CSSProperties;

  return (
    <div className="fc-login" style={cssVars}>
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
        <AppDownload />
        <div className="fc-login-foot">
          © {new Date().getFullYear()} {t('login.copyright')}
        </div>
      </aside>
      <main className="fc-login-main">
        <div className="fc-login-lang">
          <LangLinks color={token.colorTextSecondary} activeColor={token.colorPrimary} />
        </div>
        <div className="fc-login-card" style={{ background: token.colorBgContainer, boxShadow: token.boxShadowTertiary }}>
          <h2 className="fc-login-title" style={{ color: token.colorTextHeading }}>
            {t('login.title')}
          </h2>
          <p className="fc-login-subtitle" style={{ color: token.colorTextSecondary }}>
            {t('login.subtitle')}
          </p>
          {error ? <Alert data-testid={IDS.error} type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
          <form onSubmit={onSubmit} noValidate autoComplete="on">
            <Field id="login-username" label={t('login.username')} error={problem('username')}>
              <LoginInput
                id="login-username"
                data-testid={IDS.username}
                prefix={<UserOutlined />}
                autoComplete="username"
                autoFocus
                invalid={Boolean(problems.username)}
                value={values.username}
                onChange={(e) => set('username')(e.target.value)}
                onBlur={() => values.username && check('username')}
              />
            </Field>
            <Field id="login-password" label={t('login.password')} error={problem('password')}>
              <LoginInput
                id="login-password"
                secret
                toggleLabel={t('login.togglePassword')}
                data-testid={IDS.password}
                prefix={<LockOutlined />}
                autoComplete="current-password"
                invalid={Boolean(problems.password)}
                value={values.password}
                onChange={(e) => set('password')(e.target.value)}
                onBlur={() => values.password && check('password')}
              />
            </Field>
            <Field id="login-code" label={t('login.code')} error={problem('code')}>
              <div className="fc-login-code">
                <LoginInput
                  id="login-code"
                  data-testid={IDS.code}
                  prefix={<SafetyCertificateOutlined />}
                  autoComplete="off"
                  maxLength={8}
                  invalid={Boolean(problems.code)}
                  value={values.code}
                  onChange={(e) => set('code')(e.target.value)}
                />
                <button
                  type="button"
                  className="fc-login-code-image"
                  title={t('login.refreshCode')}
                  aria-label={t('login.codeImage')}
                  onClick={() => void refreshCode()}
                  style={{ borderColor: token.colorBorder }}
                >
                  {code?.image ? <img data-testid={IDS.codeImage} src={code.image} alt={t('login.codeImage')} /> : <span data-testid={IDS.codeImage} />}
                  {codeLoading ? <span className="fc-login-code-spin" role="progressbar" aria-label={t('login.codeImage')} /> : null}
                </button>
              </div>
            </Field>
            <Button data-testid={IDS.submit} type="primary" size="large" htmlType="submit" block loading={submitting} style={{ marginTop: 8 }}>
              {t('login.submit')}
            </Button>
          </form>
        </div>
      </main>
    </div>
  );
}
