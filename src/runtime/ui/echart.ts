/** The lazily loaded chart view: ECharts stays out of every chunk but the one pages with charts load. */
import { lazy } from 'react';

export type { EChartProps } from './echart-view';

/** An ECharts chart (`option` as ECharts takes it); render inside `<Suspense>`. */
export const EChart = lazy(() => import('./echart-view'));
