/**
 * Failure alerts with the common tip title (spec §8 "failed calls show an alert with a common tip
 * title"). A call that timed out (spec §9: main interface 60 s, REST client 30 s) is reported here
 * by the default clients, so the user sees the spec's time-out message whichever page made it.
 */
import { useEffect } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

type Listener = (text: string) => void;
const listeners = new Set<Listener>();

/** Shows a failure alert (tip title + text) in the mounted console; nothing when none is mounted. */
export function reportFailure(text: string): void {
  for (const l of listeners) l(text);
}

/** Renders nothing; shows each reported failure as an antd notification titled with the tip title. */
export function FailureNotice() {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  useEffect(() => {
    const show: Listener = (text) =>
      notification.error({ key: `failure:${text}`, message: t('errors.tipTitle'), description: text, props: { 'data-testid': 'failure-notice' } as never });
    listeners.add(show);
    return () => void listeners.delete(show);
  }, [notification, t]);
  return null;
}
