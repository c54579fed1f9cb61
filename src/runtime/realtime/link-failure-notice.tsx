/** Tells the user, in their language, when the realtime link gave up reconnecting (spec §8). */
import { useEffect, useRef } from 'react';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { realtimeLink, useLinkState } from './default-link';

/** Shows a lasting notification when the link fails; renders nothing. */
export function LinkFailureNotice() {
  const state = useLinkState();
  const { notification } = App.useApp();
  const { t } = useTranslation();
  const shown = useRef(false);
  useEffect(() => {
    if (state.status === 'failed' && !shown.current) {
      shown.current = true;
      notification.error({
        key: 'realtime-failed',
        message: t('realtime.failedTitle'),
        description: t('realtime.failed'),
        duration: 0,
        actions: (
          <Button type="primary" size="small" onClick={() => window.location.reload()}>
            {t('realtime.refresh')}
          </Button>
        ),
      });
    } else if (state.status === 'connected' && shown.current) {
      shown.current = false;
      notification.destroy('realtime-failed');
    }
  }, [state.status, notification, t]);
  return null;
}

/** Starts the link while mounted (the logged-in console). */
export function useRealtimeLinkWhileMounted(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    realtimeLink.start();
    return () => realtimeLink.stop();
  }, [enabled]);
}
