/**
 * nodeLog (issue 19): robots' node logs. logUpload and cancelFtpMission (common/events/
 * maintenance-software.ts) ask the robot to upload; the robot posts each node's log file to
 * NODE_LOG_UPLOAD_PATH with the one-time key it was given, and each file becomes a robot_logs row
 * (logManage lists them too). These events list a robot's log files and read one file's lines on
 * the server, paged and filtered (text, levels), so a big file never goes whole to the browser.
 * Deleting is logManage's delLog.
 */
import { Type } from '@sinclair/typebox';
import { can, defineEvents } from './define';
import { Json, labels } from './schema';
import { SOFTWARE_READ_PERMISSION } from './maintenance-software';
import type { RobotCommandSpec } from './robot-command-spec';

/** Where a robot posts a log file (multipart: robotId, uploadKey, jobId, node, then `file`). */
export const NODE_LOG_UPLOAD_PATH = '/robot/nodeLog/upload';
/** The levels of a node log line, lowest first. */
export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** Lines per page of getLogLines at most. */
export const LOG_LINES_MAX = 500;
/** Largest accepted node log file (bytes). */
export const NODE_LOG_MAX_BYTES = 50 * 1024 * 1024;

/**
 * One line of a node log: `2026-11-28 10:12:33.123 INFO  [robot-core] text`. A line that does not
 * start like that (a stack trace's continuation) has no time and no level of its own.
 */
export const LOG_LINE_PATTERN = /^(\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d+)?)\s+(DEBUG|INFO|WARN|ERROR)\b\s*(.*)$/;

const o = Type.Object;
const RobotId = Type.String({ minLength: 1, maxLength: 32, ...labels('Robot', '机器人', 'ロボット') });

export const NodeLogFileSchema = o({
  id: Type.Integer(),
  robotId: Type.String(),
  companyId: Type.Integer(),
  logType: Type.Integer({ description: 'schemas/enums/log-type.json (node service → its type).' }),
  fileName: Type.String(),
  fileSize: Type.Integer(),
  fileUrl: Type.Union([Type.String(), Type.Null()], { description: 'Download address (under /uploads/).' }),
  uploadTime: Type.String(),
  status: Type.Integer({ description: 'schemas/enums/log-status.json' }),
  jobId: Type.Union([Type.String(), Type.Null()]),
});

export const LogLineSchema = o({
  n: Type.Integer({ description: 'Line number in the file, from 1.' }),
  time: Type.Union([Type.String(), Type.Null()]),
  level: Type.Union([Type.String(), Type.Null()], { description: 'DEBUG, INFO, WARN, ERROR; null for a continuation line.' }),
  text: Type.String(),
});

/** Robot commands of nodeLog (spread into common/events/mqtt.ts ROBOT_COMMANDS). */
export const NODE_LOG_COMMANDS = {
  simulateLogStall: {
    action: 'simulateLogStall',
    summary: 'Simulated robots only (tests, demos): the next log upload stops sending part-way and reports the time-out.',
    params: o({}),
  },
} as const satisfies Record<string, RobotCommandSpec>;

export const nodeLogEvents = defineEvents('node-log', {
  getNodeLogs: {
    summary: "The robot's uploaded node log files, newest first (at most 200).",
    access: can(SOFTWARE_READ_PERMISSION),
    mutating: false,
    param: o({ robotId: RobotId }, { additionalProperties: false }),
    answer: o({ robotId: Type.String(), logs: Type.Array(NodeLogFileSchema) }),
  },
  getLogLines: {
    summary: 'A page of one log file\'s lines read on the server, optionally only lines containing a text (case-insensitive) and of some levels; with the count of matching lines and of each level.',
    access: can(SOFTWARE_READ_PERMISSION),
    mutating: false,
    param: o(
      {
        id: Type.Integer({ minimum: 1, ...labels('Log file', '日志文件', 'ログファイル') }),
        offset: Type.Optional(Type.Integer({ minimum: 0, ...labels('Offset', '偏移', 'オフセット') })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LOG_LINES_MAX, ...labels('Lines', '行数', '行数') })),
        search: Type.Optional(Type.String({ maxLength: 100, ...labels('Search', '搜索', '検索') })),
        levels: Type.Optional(
          Type.Array(Json<LogLevel>({ type: 'string', enum: [...LOG_LEVELS] }), { maxItems: LOG_LEVELS.length, uniqueItems: true, ...labels('Levels', '级别', 'レベル') }),
        ),
      },
      { additionalProperties: false },
    ),
    answer: o({
      id: Type.Integer(),
      robotId: Type.String(),
      fileName: Type.String(),
      /** Lines in the file. */
      total: Type.Integer(),
      /** Lines that match the filter. */
      matched: Type.Integer(),
      offset: Type.Integer(),
      lines: Type.Array(LogLineSchema),
      levelCounts: o({ DEBUG: Type.Integer(), INFO: Type.Integer(), WARN: Type.Integer(), ERROR: Type.Integer() }),
    }),
  },
  simulateLogStall: {
    summary: 'Simulated robots only (tests, demos): the next log upload of the robot stops part-way and times out.',
    access: can('system:simulate'),
    mutating: false,
    audit: true,
    param: o({ robotId: RobotId }, { additionalProperties: false }),
    answer: o({ robotId: Type.String() }),
  },
});
