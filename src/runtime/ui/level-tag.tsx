/**
 * An alarm level (1–3) as the one tag every screen uses (issue 22): the alarm-level enumeration's
 * label in the user's language and its colour, with a warning mark from level 2 so it is not
 * told by colour alone. Generated lists render x-severity through the same colours (levelColour).
 */
import { WarningOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@common/protocol';
import { useSchemas } from '../schema/schema-context';
import { alarmLevel, levelColour } from './severity-tag';

/** `fallback`: the text when no alarm-level enumeration is loaded (e.g. "Level 2" from the plugin's locale). */
export function LevelTag({ level, fallback, testId }: { level: number; fallback?: string; testId?: string }) {
  const schemas = useSchemas();
  const { i18n } = useTranslation();
  const lvl = alarmLevel(level);
  const found = schemas.enumById('alarm-level') ? schemas.enumLabel('alarm-level', level, i18n.language as Lang) : '';
  const label = found && found !== String(level) ? found : (fallback ?? String(level));
  return (
    <Tag color={levelColour(schemas, lvl)} icon={lvl >= 2 ? <WarningOutlined aria-hidden /> : undefined} data-severity={lvl} data-testid={testId}>
      {label}
    </Tag>
  );
}
