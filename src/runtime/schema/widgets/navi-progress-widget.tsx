/** `navi-progress` in a form: the task's current lap, read-only (the list shows the full progress cell). */
import type { WidgetProps } from '@rjsf/utils';

export function NaviProgressWidget({ value, id }: WidgetProps) {
  return <span id={id}>{typeof value === 'number' ? value : '—'}</span>;
}
