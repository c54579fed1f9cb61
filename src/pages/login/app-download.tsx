/**
 * The login page's app download link and QR code (spec §2 "/ : login screen with verification code,
 * app download links and QR code"): both point at the newest phone client package
 * (GET /api/app/latest, GET /api/app/latest/download). Nothing shows when no package exists. The
 * QR code library loads only when there is one (the login route's JavaScript budget).
 */
import { useEffect, useState } from 'react';
import { MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOGIN_TEST_IDS as IDS } from './login-test-ids';

interface Latest {
  version: string;
  fileName: string;
  url: string;
}

export function AppDownload() {
  const { t } = useTranslation();
  const [latest, setLatest] = useState<Latest | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetch('/api/app/latest', { headers: { accept: 'application/json' } })
      .then((r) => (r.ok ? (r.json() as Promise<{ latest: Latest | null }>) : { latest: null }))
      .then(async ({ latest: l }) => {
        if (!live || !l) return;
        setLatest(l);
        const href = new URL(l.url, window.location.origin).href;
        const { toDataURL } = await import('qrcode');
        const image = await toDataURL(href, { margin: 1, width: 192, errorCorrectionLevel: 'M' });
        if (live) setQr(image);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!latest) return null;
  const href = new URL(latest.url, window.location.origin).href;
  return (
    <div className="fc-login-app" data-testid={IDS.app}>
      {qr ? <img className="fc-login-app-qr" src={qr} alt={t('login.appScan')} data-testid={IDS.appQr} data-href={href} width={96} height={96} /> : <span className="fc-login-app-qr" />}
      <div className="fc-login-app-text">
        <a href={latest.url} download={latest.fileName} data-testid={IDS.appLink}>
          <MobileOutlined /> {t('login.appDownload')}
        </a>
        <span>{t('login.appVersion', { version: latest.version })}</span>
        <span>{t('login.appScan')}</span>
      </div>
    </div>
  );
}
