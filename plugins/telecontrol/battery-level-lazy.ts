/** The battery-level widget, loaded with the first form that shows it: keeps antd's Progress out of the console's shell. */
import { createElement, lazy, Suspense } from 'react';
import type { WidgetProps } from '@rjsf/utils';

const Widget = lazy(() => import('./battery-level-widget').then((m) => ({ default: m.BatteryLevelWidget })));

export function BatteryLevel(props: WidgetProps) {
  return createElement(Suspense, { fallback: null }, createElement(Widget, props));
}
