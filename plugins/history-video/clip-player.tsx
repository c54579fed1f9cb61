/** A modal that plays exported clips (mp4) with previous / next through the list it is given. */
import { useState } from 'react';
import { Alert, Button, Modal, Space } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { VideoPlayer } from '@common/constants';
import { formatDateTime, formatTime, getLang } from '@runtime';
import type { VideoRecordInfo } from './history-video-model';
import { HISTORY_VIDEO_TEST_IDS as IDS } from './test-ids';

/** Props of the player. */
export interface ClipPlayerProps {
  clips: VideoRecordInfo[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** The player dialog. */
export function ClipPlayer({ clips, index, onIndex, onClose }: ClipPlayerProps) {
  const { t } = useTranslation('history-video');
  const [failed, setFailed] = useState<string>();
  const clip = clips[index];
  if (!clip) return null;
  const go = (i: number) => {
    setFailed(undefined);
    onIndex(i);
  };
  return (
    <Modal
      open
      width={760}
      destroyOnHidden
      onCancel={onClose}
      title={t('playerTitle', { robot: clip.robotId, camera: t(`cameras.${clip.cameraId}`), start: formatDateTime(clip.startTime, getLang()), end: formatTime(clip.stopTime, getLang()) })}
      footer={
        <Space>
          <Button icon={<LeftOutlined />} disabled={index <= 0} onClick={() => go(index - 1)} data-testid={IDS.prev}>
            {t('prev')}
          </Button>
          <Button disabled={index >= clips.length - 1} onClick={() => go(index + 1)} data-testid={IDS.next}>
            {t('next')} <RightOutlined />
          </Button>
        </Space>
      }
    >
      {failed ? <Alert type="error" showIcon message={t('playFailed')} description={failed} style={{ marginBottom: 12 }} /> : null}
      <video
        key={clip.id}
        data-testid={IDS.player}
        src={clip.fileUrl ?? undefined}
        controls
        autoPlay
        muted
        // Spec §9: volume default 100, opening sets 50 (the native controls change it).
        onLoadStart={(e) => void (e.currentTarget.volume = VideoPlayer.openingVolume / 100)}
        style={{ width: '100%', maxHeight: 420, background: '#000', borderRadius: 6 }}
        onError={(e) => setFailed((e.currentTarget.error?.message || '') + ` (${clip.fileUrl})`)}
      />
    </Modal>
  );
}
