/**
 * The chart library, as the statistics screens use it: ECharts' core with only the bar and heat-map
 * charts, their components (the plain legend, the continuous visual map) and the canvas renderer
 * (docs/architecture.md, "Library choices"). Imported only through `import()` from `EChart.tsx`, so it
 * is a lazy part of its own and never in the portal's first load.
 */
import { BarChart, HeatmapChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent, VisualMapContinuousComponent } from 'echarts/components';
import { init, use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

register([BarChart, HeatmapChart, GridComponent, LegendPlainComponent, TooltipComponent, VisualMapContinuousComponent, CanvasRenderer]);

export { init };
