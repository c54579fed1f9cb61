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
        // Spec §8: failed calls show an alert with the common tip title.
        else notification.error({ key, message: t('errors.tipTitle'), description: description || message });
      },
      close(key) {
        notification.destroy(key);
      },
    }),
    [notification, t],
  );
}
