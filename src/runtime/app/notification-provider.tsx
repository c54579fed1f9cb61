/**
 * refine NotificationProvider over antd's App notifications. Written here rather than
 * taken from @refinedev/antd, whose single bundle would bring react-markdown (~50 KB gzip)
 * into the shell.
 */
import { useMemo } from 'react';
import { App, Button } from 'antd';
import type { NotificationProvider } from '@refinedev/core';
import { useTranslation } from 'react-i18next';

/** Hook form expected by `<Refine notificationProvider>`. */
export function useAntdNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  return useMemo(
    () => ({
      open({ key, message, description, type, cancelMutation, undoableTimeout }) {
        if (type === 'progress') {
          notification.info({
            key,
            message,
            description,
            duration: undoableTimeout ?? 5,
            actions: cancelMutation ? (
              <Button size="small" onClick={() => cancelMutation()}>
                {t('buttons.undo', { defaultValue: 'Undo' })}
              </Button>
            ) : undefined,
          });
          return;
        }
        if (type === 'success') notification.success({ key, message, description });
        // Spec §8: failed calls show an alert with the common tip title. Keyed by its text, as the
        // clients' failure alerts are (api/failure-notice.tsx): a query that fails after its call
        // already reported the failure (a time-out) shows one alert, not two of the same words.
        else {
          const text = description || message;
          notification.error({ key: `failure:${text}`, message: t('errors.tipTitle'), description: text, props: { 'data-testid': 'failure-notice' } as never });
        }
      },
      close(key) {
        notification.destroy(key);
      },
    }),
    [notification, t],
  );
}
