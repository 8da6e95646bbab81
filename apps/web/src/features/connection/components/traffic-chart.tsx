import { type ConnectionDay, formatBytes } from '@central/domain';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { dayMonth } from '../format';

const HEIGHT = 220;
const DAY_SECONDS = 86_400;
/** The byte axis's steps: 1, 2, 2.5 and 5 times powers of ten of each unit of 1024, so ticks read round. */
const BYTE_STEPS = [0, 1, 2, 3, 4].flatMap((unit) =>
  [1, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 250, 500].map((m) => m * 1024 ** unit),
);
/** A day as uPlot's x (seconds), read back in UTC so that no time zone moves it. */
const toX = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const fromX = (x: number) => new Date(x * 1000).toISOString().slice(0, 10);

/**
 * Download and upload per day as bars (uPlot on a canvas: some 20 KB, drawn in a few milliseconds on a
 * cheap phone). The canvas is hidden from screen readers, which get the same figures as a table.
 */
export function TrafficChart({ days }: { days: ConnectionDay[] }) {
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const bars = (align: -1 | 1) => uPlot.paths.bars?.({ size: [0.4, 24], align, gap: 1 });
    const axis = {
      stroke: theme.palette.text.secondary,
      grid: { stroke: theme.palette.divider, width: 1 },
      ticks: { show: false },
      font: `12px ${theme.typography.fontFamily}`,
    };
    const plot = new uPlot(
      {
        width: target.clientWidth,
        height: HEIGHT,
        padding: [12, 20, 0, 0],
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        cursor: { drag: { x: false, y: false }, points: { show: false } },
        legend: { show: true, live: true },
        scales: {
          x: { time: false, range: (_u, min, max) => [min - DAY_SECONDS / 2, max + DAY_SECONDS / 2] },
        },
        axes: [
          {
            ...axis,
            space: 48,
            values: (_u, splits) => splits.map((x) => dayMonth(fromX(x))),
          },
          { ...axis, size: 64, incrs: BYTE_STEPS, values: (_u, splits) => splits.map((v) => formatBytes(v)) },
        ],
        series: [
          { label: 'Dia', value: (_u, x) => (x == null ? '–' : dayMonth(fromX(x))) },
          {
            label: 'Download',
            fill: theme.palette.primary.main,
            stroke: theme.palette.primary.main,
            paths: bars(-1),
            points: { show: false },
            value: (_u, v) => (v == null ? '–' : formatBytes(v)),
          },
          {
            label: 'Upload',
            fill: theme.palette.secondary.main,
            stroke: theme.palette.secondary.main,
            paths: bars(1),
            points: { show: false },
            value: (_u, v) => (v == null ? '–' : formatBytes(v)),
          },
        ],
      },
      [days.map((d) => toX(d.day)), days.map((d) => d.download), days.map((d) => d.upload)],
      target,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: target.clientWidth, height: HEIGHT }));
    resize.observe(target);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, theme]);

  return (
    <>
      <Box
        ref={box}
        aria-hidden
        sx={{
          width: '100%',
          minHeight: HEIGHT,
          '& .u-legend': { fontSize: 13, color: 'text.secondary', mt: 1 },
          '& .u-legend .u-marker': { borderRadius: '2px' },
        }}
      />
      <Box component="table" sx={visuallyHidden}>
        <caption>Consumo por dia nos últimos {days.length} dias</caption>
        <thead>
          <tr>
            <th scope="col">Dia</th>
            <th scope="col">Download</th>
            <th scope="col">Upload</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{dayMonth(d.day)}</th>
              <td>{formatBytes(d.download)}</td>
              <td>{formatBytes(d.upload)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </>
  );
}
