/**
 * Failure alerts with the common tip title (spec §8 "failed calls show an alert with a common tip
 * title"). A call that timed out (spec §9: main interface 60 s, REST client 30 s) is reported
 * (failure-reports.ts) by the default clients, so the user sees the spec's time-out message
 * whichever page made it.
 */
import { useEffect } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { onFailureReport } from './failure-reports';

/** Renders nothing; shows each reported failure as an antd notification titled with the tip title. */
export function FailureNotice() {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  useEffect(
    () =>
      onFailureReport((text) =>
        notification.error({ key: `failure:${text}`, message: t('errors.tipTitle'), description: text, props: { 'data-testid': 'failure-notice' } as never }),
      ),
    [notification, t],
  );
  return null;
}
