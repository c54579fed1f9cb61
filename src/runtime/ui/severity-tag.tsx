/**
 * A value judged abnormal, marked the one way every screen marks it (issue 22): a tag in the alarm
 * level's colour (the alarm-level enumeration's, as LevelTag and the generated lists use) with a
 * warning mark, so it is not told by colour alone. Level 0 shows the value unmarked. Generated
 * cells (x-severity) and plugins' own tables, cards and descriptions render through this.
 */
import type { ReactNode } from 'react';
import { WarningOutlined } from '@ant-design/icons';
import { Tag, theme } from 'antd';
import { LEVEL_COLOURS } from '../i18n/format';
import { useSchemas } from '../schema/schema-context';
import type { SchemaRegistry } from '../schema/schema-registry';

/** An alarm level as one of the three levels (below 2 counts as 1, above 3 as 3). */
export function alarmLevel(level: number): 1 | 2 | 3 {
  return level >= 3 ? 3 : level >= 2 ? 2 : 1;
}

/** The tag colour of an alarm level: the alarm-level enumeration's, else the built-in ones. */
export function levelColour(schemas: Pick<SchemaRegistry, 'enumById'>, level: 1 | 2 | 3): string {
  return schemas.enumById('alarm-level')?.values.find((v) => v.value === level)?.colour ?? LEVEL_COLOURS[level];
}

/**
 * The solid colour of an alarm level in a skin, for edges and markers (the pop-ups' left edge): shade 7
 * of the level's preset colour from the skin's theme tokens — a deep shade in the light skin, a light one
 * in the dark skin — so it stands ≥ 4:1 against the card and the page in both (WCAG asks 3:1 of a
 * graphic). A colour that is not a preset name (a hex in the enumeration) is taken as it is.
 */
export function levelSolidColour(token: object, colour: string): string {
  const shade = (token as Record<string, unknown>)[`${colour}7`];
  return typeof shade === 'string' ? shade : colour;
}

/** The solid colour of an alarm level (1–3; above 3 counts as 3) in the current skin. */
export function useLevelColour(level: number): string {
  const schemas = useSchemas();
  const { token } = theme.useToken();
  return levelSolidColour(token, levelColour(schemas, alarmLevel(level)));
}

export interface SeverityTagProps {
  /** The alarm level of the value (0: nothing to flag; above 3 counts as 3). */
  level: number;
  /** The value as shown (text, number with its unit…). */
  children: ReactNode;
  testId?: string;
}

/** The value, in a tag of its alarm level's colour with a warning mark when the level is 1–3. */
export function SeverityTag({ level, children, testId }: SeverityTagProps) {
  const schemas = useSchemas();
  if (!(level >= 1)) return testId ? <span data-testid={testId}>{children}</span> : <>{children}</>;
  const lvl = alarmLevel(level);
  return (
    <Tag color={levelColour(schemas, lvl)} icon={<WarningOutlined aria-hidden />} data-severity={lvl} data-testid={testId} style={{ marginInlineEnd: 0 }}>
      {children}
    </Tag>
  );
}
