/**
 * A small ECharts view (bar, line, pie and custom charts — timelines — with grid, legend, tooltip and
 * mark lines for thresholds; canvas renderer):
 * created on mount, updated when the option changes, resized with its box, disposed on unmount.
 * Loaded only through the lazy `EChart` of the runtime's public face (its own chunk).
 */
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, CustomChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, CustomChart, LineChart, PieChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, CanvasRenderer]);

/** Props of the chart view. */
export interface EChartProps {
  option: Record<string, unknown>;
  height?: number;
  dark?: boolean;
  testId?: string;
}

/** One chart. */
export default function EChartView({ option, height = 280, dark = false, testId }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    const el = box.current!;
    const c = echarts.init(el, dark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = c;
    const observer = new ResizeObserver(() => c.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, [dark]);
  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, true);
  }, [option, dark]);
  return <div ref={box} style={{ width: '100%', height }} data-testid={testId} />;
}
