/**
 * Detections robots report (spec §1 "review detections", §3 Picture): the kinds stored in the
 * `detections` table and the message a robot publishes on MqttTopics.detection.
 */

/** Kinds of the `detections` table, one per detection screen family. */
export const DETECTION_KINDS = ['face', 'plate', 'person', 'event', 'thermal', 'temperature', 'antiTheft', 'idCard', 'snap', 'custom', 'action', 'x3', 'env', 'aiCustom'] as const;
/** One detection kind. */
export type DetectionKind = (typeof DETECTION_KINDS)[number];

/** A robot's position at one moment: map millimetres and GPS. */
export interface DetectionPose {
  x: number;
  y: number;
  latitude: number;
  longitude: number;
}

/** What a robot publishes when it detects something. */
export interface DetectionMessage {
  /** The robot's id of this message: a resent message with the same id is stored once. */
  id?: string;
  kind: DetectionKind;
  /** The picture it took, PNG or JPEG, base64. */
  picture?: string;
  mapId?: number | null;
  /** Where the detection started and ended. */
  start: DetectionPose;
  end: DetectionPose;
  /** Kind-specific fields (plate number, temperatures, gas readings …). */
  data?: Record<string, unknown>;
  /** Milliseconds since the epoch. */
  t: number;
}

/** Largest picture a detection may carry (base64 decoded). */
export const DETECTION_PICTURE_MAX_BYTES = 512 * 1024;

/** Great-circle distance in metres between two GPS points (haversine). */
export function gpsDistanceMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const R = 6_371_008.8;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(lat2 - lat1);
  const dLng = rad(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Names of the detection kinds in three languages (report workbook, statistics). */
export const DETECTION_KIND_LABELS: Record<DetectionKind, Record<'en' | 'zh' | 'ja', string>> = {
  face: { en: 'Faces', zh: '人脸', ja: '顔' },
  plate: { en: 'License plates', zh: '车牌', ja: 'ナンバープレート' },
  person: { en: 'Persons', zh: '人员', ja: '人物' },
  event: { en: 'Events', zh: '事件', ja: 'イベント' },
  thermal: { en: 'Thermal images', zh: '热成像', ja: 'サーマル画像' },
  temperature: { en: 'Body temperature', zh: '人体测温', ja: '体温' },
  antiTheft: { en: 'Anti-theft', zh: '防盗', ja: '盗難防止' },
  idCard: { en: 'ID cards', zh: '身份证', ja: '身分証' },
  snap: { en: 'Snapshots', zh: '抓拍', ja: 'スナップショット' },
  custom: { en: 'Custom (meters)', zh: '自定义（仪表）', ja: 'カスタム（メーター）' },
  action: { en: 'Actions', zh: '行为识别', ja: '行動認識' },
  x3: { en: 'X3 targets', zh: 'X3检测', ja: 'X3検出' },
  env: { en: 'Environment and gas', zh: '环境与气体', ja: '環境・ガス' },
  aiCustom: { en: 'AI custom inspection', zh: 'AI自定义巡检', ja: 'AIカスタム点検' },
};
