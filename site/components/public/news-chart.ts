/**
 * The news-per-month bar chart of the product pages, drawn on the server with
 * ECharts' server-side renderer: the page ships SVG markup and no JavaScript.
 * The data are numbers and Italian month labels, never text from users.
 */
import * as echarts from 'echarts'
import { formatNumber } from '#modules/i18n'
import type { MonthFigure } from '#modules/site-content'

const BRAND = '#1a56a8'
const TEXT = '#3a4756'
const GRID = '#dfe4ea'
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"

export type ChartSize = { width: number; height: number; narrow: boolean }

/** The chart as an SVG string of `size`, named for assistive technology by the element `labelledBy`. */
export function newsChartSvg(months: MonthFigure[], size: ChartSize, labelledBy: string): string {
  const chart = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: size.width,
    height: size.height,
  })
  try {
    chart.setOption({
      animation: false,
      textStyle: { fontFamily: FONT, color: TEXT },
      grid: { left: 8, right: 8, top: 28, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        data: months.map((month) => month.shortLabel),
        axisTick: { show: false },
        axisLine: { lineStyle: { color: GRID } },
        axisLabel: {
          color: TEXT,
          fontSize: size.narrow ? 11 : 13,
          interval: 0,
          rotate: size.narrow ? 50 : 0,
        },
      },
      yAxis: {
        type: 'value',
        minInterval: 1,
        splitLine: { lineStyle: { color: GRID } },
        axisLabel: {
          color: TEXT,
          fontSize: size.narrow ? 11 : 13,
          formatter: (value: number) => formatNumber(value),
        },
      },
      series: [
        {
          type: 'bar',
          data: months.map((month) => month.count),
          itemStyle: { color: BRAND, borderRadius: [3, 3, 0, 0] },
          barMaxWidth: 36,
          label: {
            show: true,
            position: 'top',
            color: TEXT,
            fontSize: size.narrow ? 11 : 13,
            fontWeight: 600,
            formatter: ({ value }: { value: number }) => formatNumber(value),
          },
        },
      ],
    })
    // The figures are in the table beside the chart: the drawing is one image with a name.
    return chart
      .renderToSVGString()
      .replace(
        '<svg ',
        `<svg role="img" aria-labelledby="${labelledBy}" focusable="false" class="p-figures__svg" `,
      )
  } finally {
    chart.dispose()
  }
}
