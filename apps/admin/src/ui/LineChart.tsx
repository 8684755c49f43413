// A line chart of daily series (ECharts through echarts-for-react). Only the pieces the console
// draws are registered, which keeps the chart chunk small.
// The ES module build: the CommonJS one (lib/) hands Vite an object for its default export.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { LineChart as Line } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([Line, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface Series {
  name: string;
  values: readonly number[];
}

export function LineChart({
  days,
  series,
}: {
  days: readonly string[];
  series: readonly Series[];
}) {
  return (
    <ReactEChartsCore
      echarts={echarts}
      style={{ height: 280 }}
      option={{
        animation: false,
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 48, right: 24, top: 40, bottom: 32 },
        xAxis: { type: 'category', data: days.map((day) => day.slice(5)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: series.map((s) => ({
          name: s.name,
          type: 'line',
          data: [...s.values],
          smooth: true,
        })),
      }}
    />
  );
}
