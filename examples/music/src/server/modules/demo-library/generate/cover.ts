import jpeg from 'jpeg-js';
import { createRng, type Rng } from './rng';

/**
 * Cover art for the demo catalogue: a seeded palette, a soft gradient and one geometric composition,
 * anti-aliased and lightly grained so it reads as artwork rather than a flat placeholder.
 */

export type CoverStyle = 'waves' | 'circles' | 'stripes' | 'rings' | 'grid' | 'sun';
export const COVER_STYLES: CoverStyle[] = ['waves', 'circles', 'stripes', 'rings', 'grid', 'sun'];

type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const hue = (((h % 360) + 360) % 360) / 360;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return [channel(hue + 1 / 3) * 255, channel(hue) * 255, channel(hue - 1 / 3) * 255];
}

function palette(rng: Rng): Rgb[] {
  const base = rng.range(0, 360);
  const scheme = rng.pick([
    [0, 30, 60, 200],
    [0, 180, 20, 200],
    [0, 120, 240, 60],
    [0, -30, 150, 30],
  ]);
  const sat = rng.range(0.45, 0.8);
  return [
    hsl(base + scheme[0]!, sat, rng.range(0.18, 0.3)),
    hsl(base + scheme[1]!, sat, rng.range(0.45, 0.6)),
    hsl(base + scheme[2]!, sat * 0.9, rng.range(0.6, 0.75)),
    hsl(base + scheme[3]!, sat, rng.range(0.5, 0.85)),
  ];
}

/** Coverage of a pixel by a shape edge at signed distance `d` (negative inside), about one pixel wide. */
const coverage = (d: number) => (d <= -0.5 ? 1 : d >= 0.5 ? 0 : 0.5 - d);

interface Shape {
  /** Signed distance in pixels from (x, y) to the shape's edge. */
  distance(x: number, y: number): number;
  color: Rgb;
  alpha: number;
}

function shapesFor(style: CoverStyle, size: number, rng: Rng, colors: Rgb[]): Shape[] {
  const c = (i: number) => colors[i % colors.length]!;
  const shapes: Shape[] = [];
  switch (style) {
    case 'circles':
      for (let i = 0; i < rng.int(3, 6); i++) {
        const cx = rng.range(0.1, 0.9) * size;
        const cy = rng.range(0.1, 0.9) * size;
        const r = rng.range(0.12, 0.4) * size;
        shapes.push({
          distance: (x, y) => Math.hypot(x - cx, y - cy) - r,
          color: c(i + 1),
          alpha: rng.range(0.45, 0.8),
        });
      }
      break;
    case 'rings': {
      const cx = rng.range(0.3, 0.7) * size;
      const cy = rng.range(0.3, 0.7) * size;
      const width = rng.range(0.03, 0.06) * size;
      for (let i = 0; i < 6; i++) {
        const r = (i + 1) * width * 1.8;
        shapes.push({
          distance: (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) - width / 2,
          color: c(i + 1),
          alpha: 0.85 - i * 0.1,
        });
      }
      break;
    }
    case 'stripes': {
      const angle = rng.range(0, Math.PI);
      const nx = Math.cos(angle);
      const ny = Math.sin(angle);
      const period = rng.range(0.08, 0.16) * size;
      const width = period * rng.range(0.25, 0.5);
      shapes.push({
        distance: (x, y) => {
          const t = (((x * nx + y * ny) % period) + period) % period;
          return Math.abs(t - period / 2) - width / 2;
        },
        color: c(2),
        alpha: 0.55,
      });
      const r = rng.range(0.18, 0.3) * size;
      const cx = rng.range(0.3, 0.7) * size;
      const cy = rng.range(0.3, 0.7) * size;
      shapes.push({ distance: (x, y) => Math.hypot(x - cx, y - cy) - r, color: c(3), alpha: 0.9 });
      break;
    }
    case 'waves':
      for (let i = 0; i < 4; i++) {
        const base = (0.35 + i * 0.16) * size;
        const amp = rng.range(0.03, 0.09) * size;
        const freq = rng.range(1, 3) * ((2 * Math.PI) / size);
        const phase = rng.range(0, 2 * Math.PI);
        shapes.push({
          distance: (x, y) => base + amp * Math.sin(x * freq + phase) - y,
          color: c(i + 1),
          alpha: 0.75,
        });
      }
      break;
    case 'grid': {
      const n = rng.int(4, 7);
      const cell = size / n;
      const sizes = Array.from({ length: n * n }, () => rng.range(0.15, 0.42) * cell);
      const tones = Array.from({ length: n * n }, () => rng.int(1, 3));
      for (let tone = 1; tone <= 3; tone++) {
        shapes.push({
          distance: (x, y) => {
            const i = Math.min(n - 1, Math.floor(x / cell));
            const j = Math.min(n - 1, Math.floor(y / cell));
            const k = j * n + i;
            if (tones[k] !== tone) return 1e9;
            return Math.hypot(x - (i + 0.5) * cell, y - (j + 0.5) * cell) - sizes[k]!;
          },
          color: c(tone),
          alpha: 0.9,
        });
      }
      break;
    }
    case 'sun': {
      const cx = size / 2;
      const cy = rng.range(0.4, 0.55) * size;
      const r = rng.range(0.25, 0.34) * size;
      const horizon = cy + r * 0.55;
      shapes.push({
        distance: (x, y) => {
          const disc = Math.hypot(x - cx, y - cy) - r;
          // Horizontal slits cut into the lower half of the sun, wider towards the horizon.
          const band = Math.max(0, (y - cy) / r);
          const slit = band > 0 ? Math.abs(((y - cy) % (r / 5)) - r / 10) - band * (r / 14) : 1e9;
          return Math.max(disc, -slit);
        },
        color: c(3),
        alpha: 0.95,
      });
      shapes.push({ distance: (_x, y) => horizon - y, color: c(0), alpha: 0.85 });
      shapes.push({
        distance: (x, y) => {
          if (y < horizon) return 1e9;
          const depth = (y - horizon) / (size - horizon + 1);
          const lineY = Math.abs(((depth * depth * 8) % 1) - 0.5) * (size / 8) - 1.2;
          const lineX = Math.abs((((x - cx) / (1 + depth * 6) / (size / 10)) % 1) - 0.5) * (size / 10) - 1.2;
          return Math.min(lineX, lineY);
        },
        color: c(1),
        alpha: 0.8,
      });
      break;
    }
  }
  return shapes;
}

export interface CoverOptions {
  seed: number;
  style: CoverStyle;
  size?: number;
  quality?: number;
}

/** A square JPEG. */
export function renderCover({ seed, style, size = 512, quality = 86 }: CoverOptions): Uint8Array {
  const rng = createRng(seed);
  const colors = palette(rng);
  const shapes = shapesFor(style, size, rng, colors);
  const [from, to] = rng.chance(0.5) ? [colors[0]!, colors[1]!] : [colors[1]!, colors[0]!];
  const angle = rng.range(0, 2 * Math.PI);
  const gx = Math.cos(angle) / size;
  const gy = Math.sin(angle) / size;
  const grainSeed = createRng(seed ^ 0x9e3779b9);
  const data = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const t = Math.min(1, Math.max(0, 0.5 + (x - size / 2) * gx + (y - size / 2) * gy));
      let r = from[0] + (to[0] - from[0]) * t;
      let g = from[1] + (to[1] - from[1]) * t;
      let b = from[2] + (to[2] - from[2]) * t;
      for (const shape of shapes) {
        const a = coverage(shape.distance(x + 0.5, y + 0.5)) * shape.alpha;
        if (a <= 0) continue;
        r += (shape.color[0] - r) * a;
        g += (shape.color[1] - g) * a;
        b += (shape.color[2] - b) * a;
      }
      // Vignette and fine grain: printed sleeves are never perfectly flat.
      const dx = (x - size / 2) / size;
      const dy = (y - size / 2) / size;
      const shade = 1 - (dx * dx + dy * dy) * 0.5;
      const grain = (grainSeed.next() - 0.5) * 10;
      const o = (y * size + x) * 4;
      data[o] = Math.max(0, Math.min(255, r * shade + grain));
      data[o + 1] = Math.max(0, Math.min(255, g * shade + grain));
      data[o + 2] = Math.max(0, Math.min(255, b * shade + grain));
      data[o + 3] = 255;
    }
  }
  const encoded = jpeg.encode({ data, width: size, height: size }, quality);
  return new Uint8Array(encoded.data.buffer, encoded.data.byteOffset, encoded.data.length);
}
