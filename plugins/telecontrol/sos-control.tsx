/** The robot's SOS mode (spec §9: rescue sound or remote call) and the SOS command (issue 20). */
import { useEffect, useState } from 'react';
import { App, Button, Flex, Select, Tooltip } from 'antd';
import { AlertOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { callEvent } from '@runtime';

export function SosControl({ robotId, hint }: { robotId: string; hint?: string }) {
  const { t } = useTranslation('telecontrol');
  const { message } = App.useApp();
  const [mode, setMode] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    setMode(undefined);
    if (hint) return;
    callEvent('serverMediaOption', { robotId })
      .then((a) => live && setMode(a.mode))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [robotId, hint]);
  const change = async (m: number) => {
    try {
      setMode((await callEvent('serverMediaOption', { robotId, mode: m as 1 | 2 })).mode);
    } catch (e) {
      void message.error((e as Error).message);
    }
  };
  const sos = async () => {
    setBusy(true);
    try {
      await callEvent('interactiveSOS', { robotId });
      void message.success(t('sos.sent'));
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex gap={8} align="center">
      <Select
        aria-label={t('sos.mode')}
        data-testid="telecontrol-sos-mode"
        style={{ width: 160 }}
        value={mode}
        placeholder={t('sos.mode')}
        disabled={!!hint}
        onChange={(m: number) => void change(m)}
        options={[
          { value: 1, label: t('sos.rescueSound') },
          { value: 2, label: t('sos.remoteCall') },
        ]}
      />
      <Tooltip title={hint}>
        <Button danger icon={<AlertOutlined />} loading={busy} disabled={!!hint} data-testid="telecontrol-sos" onClick={() => void sos()}>
          {t('sos.button')}
        </Button>
      </Tooltip>
    </Flex>
  );
}
