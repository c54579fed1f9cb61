/** The RJSF schema of a parameter group in one language (labels from `x-labels`). */
import { DEBUG_PARAM_SCHEMAS, LOG_LEVEL_LABELS, LOG_LEVELS, type DebugParamKind, type DebugParams } from '@common/debug-params';
import type { Lang } from '@common/protocol';

export interface RjsfSchema {
  type: 'object';
  additionalProperties: false;
  properties: Record<string, Record<string, unknown>>;
  required: string[];
}

export function rjsfSchema(kind: DebugParamKind, lang: Lang): RjsfSchema {
  const properties: RjsfSchema['properties'] = {};
  for (const [name, f] of Object.entries(DEBUG_PARAM_SCHEMAS[kind].properties)) {
    const field = f as { type: string; minimum?: number; maximum?: number; enum?: readonly string[]; 'x-labels': Record<Lang, string> };
    const p: Record<string, unknown> = { type: field.type, title: field['x-labels'][lang] };
    if (field.minimum !== undefined) p.minimum = field.minimum;
    if (field.maximum !== undefined) p.maximum = field.maximum;
    if (field.enum) p.oneOf = field.enum.map((v) => ({ const: v, title: name === 'logLevel' ? (LOG_LEVEL_LABELS[LOG_LEVELS.indexOf(v as never)]?.[lang] ?? v) : v }));
    properties[name] = p;
  }
  return { type: 'object', additionalProperties: false, properties, required: Object.keys(properties) };
}

/** The values that differ from what the robot answered (only those are sent). */
export function changedParams(before: DebugParams, after: DebugParams): DebugParams {
  const out: DebugParams = {};
  for (const [k, v] of Object.entries(after)) if (v !== undefined && v !== before[k]) out[k] = v;
  return out;
}
