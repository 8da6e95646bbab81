import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';

const drift = keyframes`
  0%, 100% { transform: translate(0, 0) rotate(0deg); }
  50% { transform: translate(0, -6px) rotate(-2deg); }
`;

const stars: ReadonlyArray<readonly [number, number, number, number]> = [
  [82, 70, 1.6, 0.9],
  [110, 42, 1.1, 0.7],
  [214, 50, 1.4, 0.8],
  [246, 92, 1, 0.6],
  [70, 140, 1.2, 0.7],
  [96, 186, 1.5, 0.8],
  [200, 204, 1, 0.6],
  [262, 140, 1.3, 0.7],
  [150, 28, 1, 0.6],
  [128, 214, 1.1, 0.6],
  [60, 104, 0.9, 0.5],
  [236, 176, 0.9, 0.5],
];

const sparkle = (x: number, y: number, s: number) =>
  `M${x} ${y - 3.75 * s} l${s} ${2.75 * s} ${2.75 * s} ${s} ${-2.75 * s} ${s} ${-s} ${2.75 * s} ${-s} ${-2.75 * s} ${-2.75 * s} ${-s} ${2.75 * s} ${-s}z`;

const suit = { fill: '#fff', stroke: '#d5dde8', strokeWidth: 1.5 } as const;
const metal = '#8796ad';
const pack = '#b8c4d6';

/** A friendly astronaut floating in space, drawn for the not-found pages; decorative. */
export function Astronaut({ width = 320 }: { width?: number | string }) {
  const theme = useTheme();
  const accent = theme.palette.primary.main;
  const id = useId();
  const ref = (name: string) => `${id}-${name}`;

  return (
    <Box
      component="svg"
      viewBox="0 0 320 240"
      aria-hidden
      focusable={false}
      sx={{
        width,
        maxWidth: '100%',
        height: 'auto',
        display: 'block',
        '& .astronaut': { animation: `${drift} 7s ease-in-out infinite`, transformOrigin: '150px 112px' },
        '@media (prefers-reduced-motion: reduce)': { '& .astronaut': { animation: 'none' } },
      }}
    >
      <defs>
        <radialGradient id={ref('space')} cx="45%" cy="40%" r="65%">
          <stop offset="0" stopColor="#2c3e74" />
          <stop offset="1" stopColor="#141d3b" />
        </radialGradient>
        <linearGradient id={ref('visor')} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3a5a9c" />
          <stop offset="1" stopColor="#101a38" />
        </linearGradient>
        <linearGradient id={ref('planet')} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffb46b" />
          <stop offset="1" stopColor="#e8663d" />
        </linearGradient>
        <clipPath id={ref('sky')}>
          <circle cx="160" cy="120" r="112" />
        </clipPath>
      </defs>

      <circle cx="160" cy="120" r="112" fill={`url(#${ref('space')})`} />
      <g clipPath={`url(#${ref('sky')})`}>
        <g fill="#fff">
          {stars.map(([cx, cy, r, opacity]) => (
            <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={r} opacity={opacity} />
          ))}
        </g>
        <g transform="translate(230 166)">
          <ellipse
            rx="40"
            ry="9"
            fill="none"
            stroke="#ffd8a8"
            strokeWidth="3"
            opacity=".55"
            transform="rotate(-18)"
          />
          <circle r="24" fill={`url(#${ref('planet')})`} />
          <circle cx="-8" cy="-6" r="5" fill="#fff" opacity=".18" />
          <circle cx="7" cy="9" r="3" fill="#b94a2c" opacity=".35" />
          <path
            d="M -40 0 A 40 9 0 0 0 40 0"
            transform="rotate(-18)"
            fill="none"
            stroke="#ffd8a8"
            strokeWidth="3"
            opacity=".8"
          />
        </g>
      </g>
      <g fill="#ffd166">
        <path d={sparkle(44, 64, 2.75)} />
        <path d={sparkle(276, 67.5, 2)} />
        <path d={sparkle(270, 206, 1.6)} />
      </g>

      <g className="astronaut">
        <g transform="translate(150 112) rotate(-16)">
          <path
            d="M -6 30 C -36 58, -62 22, -96 36"
            fill="none"
            stroke="#cfd8e3"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeDasharray="1 6"
            opacity=".9"
          />
          <rect x="-32" y="-8" width="64" height="58" rx="14" fill={pack} />
          <g transform="translate(-12 46) rotate(14)">
            <rect x="-9" y="-4" width="18" height="34" rx="9" {...suit} />
            <rect x="-10" y="22" width="20" height="14" rx="6" fill={metal} />
          </g>
          <g transform="translate(12 46) rotate(-24)">
            <rect x="-9" y="-4" width="18" height="32" rx="9" {...suit} />
            <rect x="-10" y="20" width="20" height="14" rx="6" fill={metal} />
          </g>
          <g transform="translate(-22 6) rotate(138)">
            <rect x="-8" y="-2" width="16" height="34" rx="8" {...suit} />
            <circle cy="34" r="8.5" fill={metal} />
          </g>
          <g transform="translate(22 8) rotate(-36)">
            <rect x="-8" y="-2" width="16" height="32" rx="8" {...suit} />
            <circle cy="32" r="8.5" fill={metal} />
          </g>
          <rect x="-26" y="-4" width="52" height="54" rx="18" {...suit} />
          <rect x="-14" y="14" width="28" height="17" rx="4" fill="#e9eef6" />
          <circle cx="-7" cy="22.5" r="3" fill={accent} />
          <circle cx="1" cy="22.5" r="3" fill="#ffd166" />
          <rect x="6" y="20.5" width="5" height="4" rx="1.5" fill="#9aa8bd" />
          <line x1="10" y1="-56" x2="16" y2="-70" stroke={pack} strokeWidth="2.5" strokeLinecap="round" />
          <circle cx="16.5" cy="-72" r="4" fill={accent} />
          <rect x="-35" y="-38" width="8" height="18" rx="4" fill={pack} />
          <rect x="27" y="-38" width="8" height="18" rx="4" fill={pack} />
          <circle cy="-29" r="31" {...suit} />
          <rect x="-22" y="-45" width="44" height="33" rx="16" fill={`url(#${ref('visor')})`} />
          <ellipse cx="-9" cy="-36" rx="7" ry="4" fill="#fff" opacity=".55" transform="rotate(-25 -9 -36)" />
          <circle cx="2" cy="-40" r="2" fill="#fff" opacity=".5" />
          <path d="M -10 -20 q 10 6 20 0" fill="none" stroke="#fff" strokeWidth="1.2" opacity=".15" />
        </g>
      </g>
    </Box>
  );
}
