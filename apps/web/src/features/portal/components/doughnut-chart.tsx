import { PieChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what a doughnut needs (DESIGN §7): this module is imported lazily where a chart is shown, so
// ECharts never weighs on a public page's first load. The legend is HTML beside the chart (readable
// by screen readers and in every language), so ECharts' own legend is left out.
echarts.use([PieChart, TooltipComponent, CanvasRenderer]);

export interface DoughnutSlice {
  name: string;
  value: number;
  color: string;
}

/** A doughnut of a few counts; the canvas is decorative, the caller shows the numbers as text. */
export default function DoughnutChart({ slices, total }: { slices: DoughnutSlice[]; total: string }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    const instance = echarts.init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    chart.current?.setOption(
      {
        animation: !reduceMotion,
        tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
        title: undefined,
        series: [
          {
            type: 'pie',
            radius: ['58%', '86%'],
            avoidLabelOverlap: true,
            padAngle: slices.filter((s) => s.value > 0).length > 1 ? 2 : 0,
            itemStyle: { borderRadius: 6 },
            label: {
              show: true,
              position: 'center',
              formatter: () => total,
              fontSize: 22,
              fontWeight: 700,
              color: '#1d2433',
            },
            emphasis: { scale: true, scaleSize: 4, label: { show: true } },
            labelLine: { show: false },
            data: slices.map((s) => ({ name: s.name, value: s.value, itemStyle: { color: s.color } })),
          },
        ],
      },
      true,
    );
  }, [slices, total]);

  return <div ref={host} className="mb-doughnut-canvas" aria-hidden />;
}
