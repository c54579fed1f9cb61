/**
 * The robot's own picture (issue 20: snapPictures): the robot takes a picture with the shown
 * camera, the server keeps it under Snapped pictures, and the newest one shows here as a small
 * thumbnail that opens large, captioned with the camera's name (not its number 0-4).
 */
import { useState } from 'react';
import { App, Button, Image, Space, Tooltip } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { callEvent, isAbortedError } from '@runtime';

interface Snapped {
  id: number;
  cameraId: number;
  pictureUrl: string;
}

/** Button "Robot picture" and the last picture it brought, for one robot and camera. */
export function RobotSnap({ robotId, cameraId, disabled }: { robotId: string; cameraId: number; disabled: boolean }) {
  const { t } = useTranslation('telecontrol');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  // Closed on click: while the button loads it gets no mouseleave, and an open tooltip would stay
  // over whatever opens next (the named presets dialog beside it).
  const [tipOpen, setTipOpen] = useState(false);
  const [last, setLast] = useState<Snapped & { robotId: string }>();
  const snap = async () => {
    setBusy(true);
    try {
      const answer = await callEvent('snapPictures', { robotId, cameraId });
      setLast({ ...answer, robotId });
      void message.success(t('robotSnap.done', { camera: t(`camera.${answer.cameraId}`) }));
    } catch (err) {
      if (!isAbortedError(err)) void message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const shown = last?.robotId === robotId ? last : undefined;
  const caption = shown ? t('robotSnap.caption', { camera: t(`camera.${shown.cameraId}`) }) : '';
  return (
    <Space size={4}>
      <Tooltip title={t('robotSnap.button')} open={tipOpen && !busy} onOpenChange={setTipOpen}>
        <Button
          size="small"
          icon={<PictureOutlined />}
          onClick={() => {
            setTipOpen(false);
            void snap();
          }}           loading={busy}
          disabled={disabled}
          aria-label={t('robotSnap.button')}
          data-testid="robot-snap"
        />
      </Tooltip>
      {shown ? (
        <Tooltip title={caption}>
          <span data-testid="robot-snap-last" data-camera={shown.cameraId}>
            <Image
              src={shown.pictureUrl}
              alt={caption}
              width={36}
              height={24}
              style={{ objectFit: 'cover', borderRadius: 2, cursor: 'zoom-in' }}
              preview={{ mask: null, toolbarRender: (node) => <Space direction="vertical" align="center"><span data-testid="robot-snap-preview-caption" style={{ color: '#fff' }}>{caption}</span>{node}</Space> }}
              data-testid="robot-snap-thumbnail"
            />
          </span>
        </Tooltip>
      ) : null}
    </Space>
  );
}
