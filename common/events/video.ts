/**
 * History video (spec §7, §8; issue 7): robots keep their recordings; reqEnabledDay and
 * reqHistoryVideo ask the robot which days and clips it holds, videoRecordUpload exports a clip to
 * the server (the robot uploads it to `POST /robot/avstream/videoRecord`, a multipart route of
 * server/features/video), videoRecordInfo and `GET /robot/avstream/listVideoRecord` show the
 * exports, cancelVideoRecordUpload stops one. Live camera addresses are control events
 * (reqVideoStream); the live video itself is a WebSocket route (`/live/…`, `/live-mux`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { can, defineEvents } from './define';
import { labels, Page } from './schema';

const RobotId = Type.String({ minLength: 1, maxLength: 32, ...labels('Robot', '机器人', 'ロボット') });
const CameraId = Type.Integer({ minimum: 0, maximum: 4, ...labels('Camera', '摄像头', 'カメラ') });
const DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2})?$';
/** Sent by some clients with every call; not used. */
const UserId = Type.Optional(Type.Integer());
const LocalDateTime = Type.String({ description: 'Local date and time, YYYY-MM-DDTHH:mm:ss.' });

/** One recorded clip on a robot (times as the robot sent them, robot local time). */
export const RecordedClipSchema = Type.Object({
  cameraId: Type.Integer(),
  startTime: Type.String({ description: 'ISO date-time, robot local time as sent.' }),
  stopTime: Type.String(),
});
export type RecordedClip = Static<typeof RecordedClipSchema>;

/** One export (a video_records row) as the console sees it. */
export const VideoRecordInfoSchema = Type.Object({
  id: Type.Integer(),
  robotId: Type.String(),
  cameraId: Type.Integer(),
  startTime: LocalDateTime,
  stopTime: LocalDateTime,
  status: Type.Union([Type.Literal('uploading'), Type.Literal('uploaded'), Type.Literal('failed'), Type.Literal('cancelled')]),
  progress: Type.Integer({ minimum: 0, maximum: 100, description: '0–99 while uploading, 100 once uploaded.' }),
  errorCode: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4), Type.Literal(5), Type.Null()], {
    description: 'Spec §8 export error: 1 deleted, 2 unzip, 3 upload failed, 4 other, 5 video subsystem offline.',
  }),
  fileUrl: Type.Union([Type.String(), Type.Null()], { description: 'Set once uploaded.' }),
  size: Type.Union([Type.Integer(), Type.Null()], { description: 'Bytes, once uploaded.' }),
  createdAt: Type.String({ description: 'ISO 8601 date and time.' }),
});
export type VideoRecordInfo = Static<typeof VideoRecordInfoSchema>;

const ById = Type.Object({ id: Type.Integer({ minimum: 1 }), userId: UserId }, { additionalProperties: false });

export const videoEvents = defineEvents('video', {
  reqEnabledDay: {
    summary: 'The days of a month on which the robot holds recordings (asked of the robot; its video subsystem must be online).',
    access: can('video:read'),
    mutating: false,
    param: Type.Object(
      { robotId: RobotId, month: Type.String({ pattern: '^\\d{4}-\\d{2}$', ...labels('Month', '月份', '月') }), userId: UserId },
      { additionalProperties: false },
    ),
    answer: Type.Object({ robotId: Type.String(), month: Type.String(), days: Type.Array(Type.String({ description: 'YYYY-MM-DD' })) }),
  },
  reqHistoryVideo: {
    summary: 'The recorded clips of one day and camera (default 0) on the robot.',
    access: can('video:read'),
    mutating: false,
    param: Type.Object(
      { robotId: RobotId, cameraId: Type.Optional(CameraId), day: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', ...labels('Day', '日期', '日付') }), userId: UserId },
      { additionalProperties: false },
    ),
    answer: Type.Object({ robotId: Type.String(), day: Type.String(), cameraId: Type.Integer(), clips: Type.Array(RecordedClipSchema) }),
  },
  videoRecordUpload: {
    summary: 'Exports a range of one day’s recording (at most 30 minutes): the robot uploads it to the server; answers the export, uploading.',
    access: can('video:export'),
    mutating: true,
    param: Type.Object(
      {
        robotId: RobotId,
        cameraId: CameraId,
        startTime: Type.String({ pattern: DATE_TIME, ...labels('Start time', '开始时间', '開始時刻') }),
        stopTime: Type.String({ pattern: DATE_TIME, ...labels('End time', '结束时间', '終了時刻') }),
        userId: UserId,
      },
      { additionalProperties: false },
    ),
    answer: VideoRecordInfoSchema,
  },
  videoRecordInfo: { summary: 'One export with its upload progress.', access: can('video:read'), mutating: false, param: ById, answer: VideoRecordInfoSchema },
  cancelVideoRecordUpload: {
    summary: 'Stops an export still uploading (on the server and the robot) and removes what had arrived; another export is answered as it is.',
    access: can('video:export'),
    mutating: true,
    param: ById,
    answer: VideoRecordInfoSchema,
  },
  'GET /robot/avstream/listVideoRecord': {
    summary: 'A page of the exports of the caller’s company tree (of one robot if given), newest first.',
    access: can('video:read'),
    mutating: false,
    param: Type.Object(
      {
        robotId: Type.Optional(RobotId),
        pageNum: Type.Optional(Type.Integer({ minimum: 1 })),
        pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        userId: UserId,
      },
      { additionalProperties: false },
    ),
    answer: Page(VideoRecordInfoSchema),
  },
  // Issue 20 (spec §7 history video).
  reqFaceByRobotId: { summary: 'History video: face detections of a robot, newest first.', access: can('detection:read'), mutating: false, param: Type.Object({ robotId: Type.String({ minLength: 1, maxLength: 32 }), userId: Type.Optional(Type.Integer()) }, { additionalProperties: true }), answer: Type.Unknown() },
});
