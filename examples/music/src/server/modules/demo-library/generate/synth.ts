import { createRng, type Rng } from './rng';

/**
 * A deterministic little band: given a style and a seed it writes a short piece (chord progression, bass line,
 * seeded melody, drums, pad) into a mono PCM buffer. Every voice is computed sample by sample in plain
 * TypeScript so the demo library needs no binaries; drums are rendered once per piece and copied.
 */

export const SAMPLE_RATE = 44_100;

export type StyleName = 'electronic' | 'lofi' | 'ambient' | 'indie-rock' | 'jazz' | 'folk' | 'chiptune';

type Lead = 'saw' | 'square' | 'pluck' | 'epiano' | 'sine' | 'bell' | 'triangle';
type Pad = 'saw-pad' | 'sine-pad' | 'organ' | 'none';
type Bass = 'offbeat' | 'eighths' | 'walking' | 'lazy' | 'root-fifth' | 'octaves' | 'drone';
type Drums = 'four' | 'boombap' | 'rock' | 'swing' | 'chip' | 'soft' | 'none';
type Comp = 'strum' | 'stab' | 'arp' | 'block' | 'jazz' | 'power';

interface Style {
  bpm: [number, number];
  scales: (keyof typeof SCALES)[];
  progressions: number[][];
  sevenths: boolean;
  swing: number;
  leads: Lead[];
  pad: Pad;
  bass: Bass;
  drums: Drums;
  comp: Comp;
  /** Notes per bar the melody aims for. */
  density: [number, number];
  /** One-pole low-pass on the master, in Hz (lo-fi warmth, ambient softness). */
  tone: number;
  reverb: number;
  delay: number;
  crackle: boolean;
  /** Chords per bar. */
  harmonicRhythm: 1 | 2;
}

const SCALES = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
  lydian: [0, 2, 4, 6, 7, 9, 11],
  harmonicMinor: [0, 2, 3, 5, 7, 8, 11],
} as const;

const STYLES: Record<StyleName, Style> = {
  electronic: {
    bpm: [112, 126],
    scales: ['minor', 'dorian'],
    progressions: [
      [0, 5, 2, 6],
      [0, 3, 5, 4],
      [5, 3, 0, 4],
      [0, 6, 5, 6],
    ],
    sevenths: false,
    swing: 0,
    leads: ['saw', 'square', 'bell'],
    pad: 'saw-pad',
    bass: 'offbeat',
    drums: 'four',
    comp: 'arp',
    density: [3, 6],
    tone: 9000,
    reverb: 0.25,
    delay: 0.3,
    crackle: false,
    harmonicRhythm: 1,
  },
  lofi: {
    bpm: [72, 88],
    scales: ['dorian', 'major', 'minor'],
    progressions: [
      [1, 4, 0, 0],
      [3, 2, 1, 4],
      [0, 5, 1, 4],
      [5, 4, 3, 2],
    ],
    sevenths: true,
    swing: 0.18,
    leads: ['epiano', 'sine', 'bell'],
    pad: 'sine-pad',
    bass: 'lazy',
    drums: 'boombap',
    comp: 'jazz',
    density: [2, 4],
    tone: 3800,
    reverb: 0.3,
    delay: 0.15,
    crackle: true,
    harmonicRhythm: 1,
  },
  ambient: {
    bpm: [60, 76],
    scales: ['lydian', 'major', 'dorian'],
    progressions: [
      [0, 3, 0, 4],
      [0, 5, 3, 4],
      [3, 0, 4, 5],
      [0, 1, 3, 0],
    ],
    sevenths: true,
    swing: 0,
    leads: ['bell', 'sine', 'triangle'],
    pad: 'saw-pad',
    bass: 'drone',
    drums: 'none',
    comp: 'block',
    density: [1, 2],
    tone: 5000,
    reverb: 0.6,
    delay: 0.4,
    crackle: false,
    harmonicRhythm: 1,
  },
  'indie-rock': {
    bpm: [118, 146],
    scales: ['major', 'mixolydian', 'minor'],
    progressions: [
      [0, 4, 5, 3],
      [0, 3, 4, 3],
      [5, 3, 0, 4],
      [0, 6, 3, 0],
    ],
    sevenths: false,
    swing: 0,
    leads: ['square', 'saw', 'triangle'],
    pad: 'organ',
    bass: 'eighths',
    drums: 'rock',
    comp: 'power',
    density: [3, 5],
    tone: 7000,
    reverb: 0.15,
    delay: 0.1,
    crackle: false,
    harmonicRhythm: 1,
  },
  jazz: {
    bpm: [96, 138],
    scales: ['major', 'dorian'],
    progressions: [
      [1, 4, 0, 5],
      [0, 5, 1, 4],
      [2, 5, 1, 4],
      [3, 6, 2, 5],
    ],
    sevenths: true,
    swing: 0.3,
    leads: ['epiano', 'sine', 'triangle'],
    pad: 'none',
    bass: 'walking',
    drums: 'swing',
    comp: 'jazz',
    density: [3, 6],
    tone: 6000,
    reverb: 0.3,
    delay: 0,
    crackle: false,
    harmonicRhythm: 1,
  },
  folk: {
    bpm: [84, 112],
    scales: ['major', 'mixolydian'],
    progressions: [
      [0, 3, 4, 0],
      [0, 4, 5, 3],
      [5, 3, 0, 4],
      [0, 3, 0, 4],
    ],
    sevenths: false,
    swing: 0.08,
    leads: ['pluck', 'triangle', 'sine'],
    pad: 'none',
    bass: 'root-fifth',
    drums: 'soft',
    comp: 'strum',
    density: [2, 4],
    tone: 7000,
    reverb: 0.3,
    delay: 0,
    crackle: false,
    harmonicRhythm: 1,
  },
  chiptune: {
    bpm: [132, 160],
    scales: ['major', 'minor', 'harmonicMinor'],
    progressions: [
      [0, 5, 3, 4],
      [0, 4, 5, 3],
      [5, 6, 0, 0],
      [0, 3, 6, 4],
    ],
    sevenths: false,
    swing: 0,
    leads: ['square', 'triangle'],
    pad: 'none',
    bass: 'octaves',
    drums: 'chip',
    comp: 'arp',
    density: [4, 7],
    tone: 11000,
    reverb: 0,
    delay: 0.15,
    crackle: false,
    harmonicRhythm: 1,
  },
};

export const STYLE_NAMES = Object.keys(STYLES) as StyleName[];

export interface PieceOptions {
  style: StyleName;
  seed: number;
  /** Wanted length; the piece is a whole number of bars close to it. */
  targetSeconds: number;
}

export interface Piece {
  left: Float32Array;
  right: Float32Array;
  bpm: number;
  bars: number;
}

const midiToHz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** Sine by table look-up (phase in turns): cheaper than Math.sin in the inner loops. */
const SINE_SIZE = 8192;
const SINE = Float32Array.from({ length: SINE_SIZE + 1 }, (_, i) => Math.sin((2 * Math.PI * i) / SINE_SIZE));
function sin1(turns: number): number {
  const x = (turns - Math.floor(turns)) * SINE_SIZE;
  const i = x | 0;
  const a = SINE[i]!;
  return a + (SINE[i + 1]! - a) * (x - i);
}

interface Section {
  kind: 'intro' | 'A' | 'B' | 'break' | 'outro';
  bars: number;
}

/** Song form for a number of bars: an intro, verses and choruses, maybe a breakdown, an outro. */
function planSections(totalBars: number, rng: Rng): Section[] {
  const intro = totalBars >= 20 ? 4 : 2;
  const outro = totalBars >= 20 ? 4 : 2;
  let middle = totalBars - intro - outro;
  const sections: Section[] = [{ kind: 'intro', bars: intro }];
  const cycle: Section['kind'][] = rng.chance(0.5)
    ? ['A', 'B', 'A', 'break', 'B', 'B']
    : ['A', 'A', 'B', 'break', 'A', 'B'];
  let i = 0;
  while (middle > 0) {
    const bars = Math.min(middle, middle - 8 < 4 ? middle : 8);
    const kind = cycle[i % cycle.length]!;
    sections.push({ kind: kind === 'break' && bars > 4 ? 'break' : kind, bars });
    middle -= bars;
    i++;
  }
  sections.push({ kind: 'outro', bars: outro });
  return sections;
}

interface Chord {
  /** MIDI notes of the voicing (around middle C). */
  notes: number[];
  root: number;
}

function buildChord(tonic: number, scale: readonly number[], degree: number, sevenths: boolean): Chord {
  const note = (d: number) => tonic + scale[((d % 7) + 7) % 7]! + 12 * Math.floor(d / 7);
  const steps = sevenths ? [0, 2, 4, 6] : [0, 2, 4];
  const raw = steps.map((s) => note(degree + s));
  // Keep voicings within an octave around C4 so chord changes move by small steps, as a player would.
  const notes = raw.map((n) => {
    let v = n;
    while (v > 67) v -= 12;
    while (v < 55) v += 12;
    return v;
  });
  notes.sort((a, b) => a - b);
  let root = note(degree);
  while (root >= 48) root -= 12;
  while (root < 36) root += 12;
  return { notes, root };
}

/** Seeded white noise that stays the same for a seed (drums, crackle). */
function noiseSource(seed: number) {
  let x = seed | 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return ((x >>> 0) / 4294967296) * 2 - 1;
  };
}

interface DrumKit {
  kick: Float32Array;
  snare: Float32Array;
  hat: Float32Array;
  openHat: Float32Array;
}

function renderDrumKit(kind: Drums, seed: number): DrumKit {
  const noise = noiseSource(seed);
  const sr = SAMPLE_RATE;
  const kickLen = Math.floor(sr * 0.45);
  const kick = new Float32Array(kickLen);
  const chip = kind === 'chip';
  let phase = 0;
  for (let i = 0; i < kickLen; i++) {
    const t = i / sr;
    const f = chip ? 160 * Math.exp(-t * 30) + 50 : 130 * Math.exp(-t * 22) + 44;
    phase += (2 * Math.PI * f) / sr;
    const body = chip ? (Math.sin(phase) > 0 ? 0.8 : -0.8) : Math.sin(phase);
    kick[i] =
      body * Math.exp(-t * (kind === 'boombap' ? 7 : 9)) + (i < 60 ? noise() * 0.3 * (1 - i / 60) : 0);
  }
  const snareLen = Math.floor(sr * 0.3);
  const snare = new Float32Array(snareLen);
  let lp = 0;
  let sp = 0;
  for (let i = 0; i < snareLen; i++) {
    const t = i / sr;
    const n = noise();
    lp += (n - lp) * (kind === 'swing' || kind === 'soft' ? 0.25 : 0.6);
    sp += (2 * Math.PI * 185) / sr;
    const tone = Math.sin(sp) * Math.exp(-t * 30) * 0.6;
    const body = chip ? (n > 0 ? 0.6 : -0.6) : lp;
    snare[i] = (body * Math.exp(-t * (kind === 'swing' ? 9 : 18)) + (chip ? 0 : tone)) * 0.9;
  }
  const hatOf = (seconds: number, decay: number) => {
    const len = Math.floor(sr * seconds);
    const out = new Float32Array(len);
    let prev = 0;
    for (let i = 0; i < len; i++) {
      const n = noise();
      // A first difference is a cheap high-pass: what is left sounds metallic rather than like a hiss.
      const hp = n - prev;
      prev = n;
      out[i] = (chip ? (n > 0 ? 0.4 : -0.4) : hp * 0.5) * Math.exp((-i / sr) * decay);
    }
    return out;
  };
  return { kick, snare, hat: hatOf(0.08, kind === 'swing' ? 25 : 45), openHat: hatOf(0.35, 9) };
}

/** A stereo pair of buffers. */
interface Bus {
  l: Float32Array;
  r: Float32Array;
}

/** Equal-power pan: -1 left, 0 centre (both sides at unity), 1 right. */
function panGains(pan: number): [number, number] {
  const angle = ((pan + 1) * Math.PI) / 4;
  return [Math.cos(angle) * Math.SQRT2, Math.sin(angle) * Math.SQRT2];
}

function mixIn(out: Bus, sample: Float32Array, at: number, gain: number, pan = 0) {
  const [gl, gr] = panGains(pan);
  const end = Math.min(out.l.length, at + sample.length);
  for (let i = Math.max(0, at); i < end; i++) {
    const v = sample[i - at]! * gain;
    out.l[i]! += v * gl;
    out.r[i]! += v * gr;
  }
}

/** Another bus the same note feeds (reverb, echo), at its own level: the note is computed once. */
type Send = [buffer: Float32Array, gain: number];

/** One pitched note into `out`: oscillator, amplitude envelope and a gentle per-note low-pass. */
function renderNote(
  out: Bus,
  kind: Lead | 'pad-saw' | 'pad-sine' | 'organ' | 'bass-sub' | 'bass-saw' | 'bass-square',
  start: number,
  length: number,
  midi: number,
  gain: number,
  sends: Send[] = [],
  pan = 0,
) {
  if (start >= out.l.length || length <= 0) return;
  const [gl, gr] = panGains(pan);
  const sr = SAMPLE_RATE;
  const freq = midiToHz(midi);
  const inc = freq / sr;
  const isPad = kind === 'pad-saw' || kind === 'pad-sine' || kind === 'organ';
  const attack = isPad ? Math.min(length * 0.4, sr * 0.6) : kind === 'pluck' ? 5 : sr * 0.006;
  const release = isPad ? sr * 0.5 : kind === 'bell' || kind === 'epiano' ? sr * 0.6 : sr * 0.08;
  const total = Math.min(out.l.length - start, Math.floor(length + release));
  const decayPerSample =
    kind === 'pluck'
      ? 1 / (sr * 0.45)
      : kind === 'bell'
        ? 1 / (sr * 0.9)
        : kind === 'epiano'
          ? 1 / (sr * 1.2)
          : 0;
  const cutoff = kind === 'bass-saw' ? 900 : kind === 'pad-saw' ? 1400 : kind === 'saw' ? 3000 : 5000;
  const alpha = 1 - Math.exp((-2 * Math.PI * cutoff) / sr);
  let phase = 0;
  let lp = 0;
  // Karplus-Strong string for the plucked voice: a burst of noise circulating in a delay line.
  let ks: Float32Array | null = null;
  let ksIndex = 0;
  if (kind === 'pluck') {
    const period = Math.max(2, Math.round(sr / freq));
    ks = new Float32Array(period);
    const noise = noiseSource((midi * 7919 + start) | 0);
    for (let i = 0; i < period; i++) ks[i] = noise();
  }
  let p1 = 0.33;
  let p2 = 0.71;
  const decayFactor = Math.exp(-decayPerSample * 3);
  let decay = 1;
  // FM index of the bell and electric piano: bright at the attack, mellow as the note rings.
  let index = kind === 'bell' ? 2.2 : 1.3;
  const indexFactor = Math.exp(-(kind === 'bell' ? 4 : 6) / sr);
  const send0 = sends[0]?.[0];
  const sendGain0 = (sends[0]?.[1] ?? 0) / gain;
  const send1 = sends[1]?.[0];
  const sendGain1 = (sends[1]?.[1] ?? 0) / gain;
  for (let i = 0; i < total; i++) {
    let env = i < attack ? i / attack : 1;
    decay *= decayFactor;
    index *= indexFactor;
    env *= decay;
    if (i > length) env *= 1 - (i - length) / release;
    if (env <= 0) continue;
    let v: number;
    switch (kind) {
      case 'sine':
      case 'bass-sub':
        v = sin1(phase) + (kind === 'bass-sub' ? 0.25 * sin1(2 * phase) : 0);
        break;
      case 'triangle':
        v = 1 - 4 * Math.abs(phase - 0.5);
        break;
      case 'square':
      case 'bass-square':
        v = phase < (kind === 'square' ? 0.25 : 0.5) ? 0.7 : -0.7;
        break;
      case 'saw':
      case 'bass-saw':
        v = 2 * phase - 1;
        break;
      case 'bell':
        v = sin1(phase + (index / (2 * Math.PI)) * sin1(i * inc * 3.5));
        break;
      case 'epiano': {
        const s1 = sin1(phase);
        v = sin1(phase + (index / (2 * Math.PI)) * s1) + 0.15 * s1;
        break;
      }
      case 'pluck': {
        const cur = ks![ksIndex]!;
        const nxt = ks![(ksIndex + 1) % ks!.length]!;
        const avg = (cur + nxt) * 0.497;
        ks![ksIndex] = avg;
        ksIndex = (ksIndex + 1) % ks!.length;
        v = cur;
        break;
      }
      case 'pad-saw': {
        // Three slightly detuned saws: the chorus-like beating is what makes it a pad.
        p1 += inc * 1.0045;
        if (p1 >= 1) p1 -= 1;
        p2 += inc * 0.9962;
        if (p2 >= 1) p2 -= 1;
        v = (2 * phase - 1 + (2 * p1 - 1) + (2 * p2 - 1)) * 0.4;
        break;
      }
      case 'pad-sine':
        v = sin1(phase) * 0.7 + sin1(i * inc * 1.003 + 0.16) * 0.3;
        v += 0.2 * sin1(2 * phase);
        break;
      case 'organ':
        v = sin1(phase) * 0.6 + sin1(2 * phase) * 0.3 + sin1(3 * phase) * 0.2;
        break;
      default:
        v = 0;
    }
    phase += inc;
    if (phase >= 1) phase -= 1;
    lp += (v - lp) * alpha;
    const y = lp * env * gain;
    out.l[start + i]! += y * gl;
    out.r[start + i]! += y * gr;
    if (send0) send0[start + i]! += y * sendGain0;
    if (send1) send1[start + i]! += y * sendGain1;
  }
}

/** Schroeder reverb (four combs, two all-passes): cheap, and enough to give the mix a room. */
function reverb(input: Float32Array, amount: number, spread: number): Float32Array {
  const out = new Float32Array(input.length);
  if (amount <= 0) return out;
  const feedback = 0.8;
  const damp = 0.3;
  // One tight pass per filter: measurably faster than visiting four comb objects for every sample.
  for (const base of [1557, 1617, 1491, 1422]) {
    const n = base + spread;
    const buf = new Float32Array(n);
    let idx = 0;
    let lp = 0;
    for (let s = 0; s < input.length; s++) {
      const y = buf[idx]!;
      lp = y * (1 - damp) + lp * damp;
      buf[idx] = input[s]! * 0.15 + lp * feedback;
      if (++idx === n) idx = 0;
      out[s]! += y;
    }
  }
  for (const n of [225 + spread, 556]) {
    const buf = new Float32Array(n);
    let idx = 0;
    for (let s = 0; s < out.length; s++) {
      const b = buf[idx]!;
      const x = out[s]!;
      buf[idx] = x + b * 0.5;
      if (++idx === n) idx = 0;
      out[s] = b - x;
    }
  }
  for (let s = 0; s < out.length; s++) out[s]! *= amount;
  return out;
}

/** Bars for a wanted length at a tempo, at least 8 so every piece has an intro, a middle and an ending. */
export function barsFor(
  style: StyleName,
  seed: number,
  targetSeconds: number,
): { bpm: number; bars: number } {
  const rng = createRng(seed);
  const s = STYLES[style];
  const bpm = Math.round(rng.range(s.bpm[0], s.bpm[1]));
  const barSeconds = (4 * 60) / bpm;
  return { bpm, bars: Math.max(8, Math.round(targetSeconds / barSeconds)) };
}

/** Seconds of reverb and release after the last bar, so the piece ends on a ringing chord, not a cut. */
const TAIL_SECONDS = 1.5;

/** The exact number of samples `renderPiece` produces, known without rendering (durations for the catalogue). */
export function pieceLength({ style, seed, targetSeconds }: PieceOptions): number {
  const { bpm, bars } = barsFor(style, seed, targetSeconds);
  return Math.ceil(bars * (60 / bpm) * SAMPLE_RATE * 4 + TAIL_SECONDS * SAMPLE_RATE);
}

export function renderPiece(options: PieceOptions): Piece {
  const style = STYLES[options.style];
  const { bpm, bars } = barsFor(options.style, options.seed, options.targetSeconds);
  const rng = createRng(options.seed ^ 0x5bd1e995);
  const sr = SAMPLE_RATE;
  const beat = (60 / bpm) * sr;
  const sixteenth = beat / 4;
  const barLen = beat * 4;
  const length = pieceLength(options);

  const scaleName = rng.pick(style.scales);
  const scale = SCALES[scaleName];
  const tonic = 48 + rng.int(0, 11);
  const progression = rng.pick(style.progressions);
  const altProgression = rng.pick(style.progressions);
  const lead = rng.pick(style.leads);
  const sections = planSections(bars, rng);

  const dry: Bus = { l: new Float32Array(length), r: new Float32Array(length) };
  const send = new Float32Array(length);
  const echo = new Float32Array(length);

  const swingAt = (step: number) => (step % 2 === 1 ? style.swing * sixteenth * 2 : 0);
  const at = (bar: number, step: number) => Math.round(bar * barLen + step * sixteenth + swingAt(step));

  const kit = style.drums === 'none' ? null : renderDrumKit(style.drums, options.seed);

  // Two melodic ideas (verse and chorus), each a two-bar rhythm with scale-step contours, reused with variation.
  const motif = (notesPerBar: number) => {
    const steps: { step: number; len: number; move: number }[] = [];
    for (let bar = 0; bar < 2; bar++) {
      const count = Math.max(1, Math.round(notesPerBar + rng.range(-1, 1)));
      const slots = new Set<number>();
      slots.add(0);
      while (slots.size < count) {
        const onBeat = rng.chance(0.6);
        slots.add(onBeat ? rng.int(0, 3) * 4 : rng.int(0, 15));
      }
      const sorted = [...slots].sort((a, b) => a - b);
      sorted.forEach((step, k) => {
        const nextStep = sorted[k + 1] ?? 16;
        steps.push({
          step: bar * 16 + step,
          len: nextStep - step,
          move: rng.pick([-2, -1, -1, 0, 1, 1, 2, 3, -3]),
        });
      });
    }
    return steps;
  };
  const verse = motif(rng.range(style.density[0], style.density[1]));
  const chorus = motif(rng.range(style.density[0], style.density[1]) + 1);
  const leadOctave = style.drums === 'chip' ? 12 : lead === 'bell' ? 12 : 0;

  const walkRng = createRng(options.seed ^ 0x1234567);
  let bar = 0;
  for (const section of sections) {
    for (let b = 0; b < section.bars; b++, bar++) {
      const inIntro = section.kind === 'intro';
      const inOutro = section.kind === 'outro';
      const isBreak = section.kind === 'break';
      const prog = section.kind === 'B' ? altProgression : progression;
      const degree = prog[bar % prog.length]!;
      const chord = buildChord(tonic, scale, degree, style.sevenths);
      const nextDegree = prog[(bar + 1) % prog.length]!;
      const nextChord = buildChord(tonic, scale, nextDegree, style.sevenths);
      const barStart = at(bar, 0);

      // Pad or block chords under everything but the drum-only moments.
      if (style.pad !== 'none' || style.comp === 'block') {
        const kind = style.pad === 'organ' ? 'organ' : style.pad === 'sine-pad' ? 'pad-sine' : 'pad-saw';
        const gain = (style.pad === 'organ' ? 0.05 : 0.06) * (isBreak ? 1.2 : 1);
        chord.notes.forEach((n, k) => {
          renderNote(dry, kind, barStart, barLen, n, gain, [[send, gain * 0.8]], k % 2 ? 0.5 : -0.5);
        });
      }

      // Accompaniment pattern.
      // Styles without a pad open on their accompaniment, so no piece starts with bars of silence.
      const compOn = !inIntro || b >= section.bars / 2 || style.pad === 'none';
      if (compOn && !isBreak) {
        switch (style.comp) {
          case 'arp': {
            const pattern = [0, 1, 2, 1, 0, 2, 1, 2];
            for (let s = 0; s < 16; s++) {
              const n = chord.notes[pattern[s % pattern.length]! % chord.notes.length]! + (s >= 8 ? 12 : 0);
              const arpKind = style.drums === 'chip' ? 'square' : 'saw';
              renderNote(
                dry,
                arpKind,
                at(bar, s),
                sixteenth * 0.7,
                n,
                0.045,
                [[echo, 0.02]],
                s % 2 ? 0.45 : -0.45,
              );
            }
            break;
          }
          case 'stab':
            for (const s of [2, 6, 10, 14])
              for (const n of chord.notes) renderNote(dry, 'saw', at(bar, s), sixteenth, n, 0.03, [], 0.3);
            break;
          case 'strum':
            for (const [s, down] of [
              [0, true],
              [4, false],
              [6, true],
              [8, true],
              [12, false],
              [14, true],
            ] as const) {
              const notes = down ? chord.notes : [...chord.notes].reverse();
              notes.forEach((n, k) => {
                const when = at(bar, s) + k * Math.round(sr * 0.012);
                renderNote(dry, 'pluck', when, sixteenth * 3, n, 0.12, [[send, 0.05]], -0.35);
              });
            }
            break;
          case 'power':
            for (let s = 0; s < 16; s += 2) {
              const root = chord.root + 12;
              // Double-tracked power chords, one take hard on each side, as rock guitars are mixed.
              renderNote(dry, 'bass-saw', at(bar, s), sixteenth * 1.6, root, 0.08, [], -0.7);
              renderNote(dry, 'bass-saw', at(bar, s), sixteenth * 1.6, root + 7, 0.06, [], 0.7);
              renderNote(dry, 'bass-saw', at(bar, s) + 40, sixteenth * 1.6, root + 12, 0.05, [], 0.7);
            }
            break;
          case 'jazz': {
            const hits = rng.pick([
              [0, 6],
              [2, 10],
              [0, 7, 12],
              [3, 10],
            ]);
            for (const s of hits) {
              for (const n of chord.notes)
                renderNote(dry, 'epiano', at(bar, s), sixteenth * 3, n, 0.05, [[send, 0.04]], -0.3);
            }
            break;
          }
          case 'block':
            break;
        }
      }

      // Bass line.
      if (!inIntro || style.bass === 'drone') {
        const r = chord.root;
        const fifth = r + 7;
        switch (style.bass) {
          case 'offbeat':
            for (const s of [2, 6, 10, 14]) renderNote(dry, 'bass-saw', at(bar, s), sixteenth * 1.5, r, 0.2);
            break;
          case 'eighths':
            for (let s = 0; s < 16; s += 2) renderNote(dry, 'bass-saw', at(bar, s), sixteenth * 1.7, r, 0.2);
            break;
          case 'lazy':
            renderNote(dry, 'bass-sub', at(bar, 0), sixteenth * 5, r, 0.3);
            renderNote(dry, 'bass-sub', at(bar, 7), sixteenth * 6, r + (walkRng.chance(0.5) ? 7 : 12), 0.22);
            break;
          case 'walking': {
            const target = nextChord.root;
            const notes = [r, r + walkRng.pick([2, 3, 4]), r + 7, target + (target > r ? -1 : 1)];
            notes.forEach((n, k) => {
              renderNote(dry, 'bass-sub', at(bar, k * 4), sixteenth * 3.6, n, 0.28);
            });
            break;
          }
          case 'root-fifth':
            renderNote(dry, 'bass-sub', at(bar, 0), sixteenth * 7, r, 0.26);
            renderNote(
              dry,
              'bass-sub',
              at(bar, 8),
              sixteenth * 7,
              fifth - 12 < 36 ? fifth : fifth - 12,
              0.22,
            );
            break;
          case 'octaves':
            for (let s = 0; s < 16; s += 2)
              renderNote(dry, 'bass-square', at(bar, s), sixteenth * 1.5, r + (s % 4 ? 12 : 0), 0.1);
            break;
          case 'drone':
            renderNote(dry, 'bass-sub', barStart, barLen, r, 0.18);
            break;
        }
      }

      // Melody: verse idea in A, chorus idea in B, nothing in intro and breaks, sparse in the outro.
      const melodyOn = section.kind === 'A' || section.kind === 'B' || (inOutro && b < 2);
      if (melodyOn) {
        const idea = section.kind === 'B' ? chorus : verse;
        const half = b % 2;
        const phrase = Math.floor(b / 2);
        // Start each phrase from a chord tone, then follow the contour; the last phrase lands on the tonic.
        let pos = degree + 7 + (phrase % 2 === 1 ? 2 : 0);
        for (const note of idea) {
          if (Math.floor(note.step / 16) !== half) continue;
          pos += note.move + (phrase % 2 === 1 && note.step === 16 ? 1 : 0);
          pos = Math.min(13, Math.max(2, pos));
          const lastNote = b === section.bars - 1 && note === idea[idea.length - 1];
          const deg = lastNote ? 7 : pos;
          const midi = tonic + 12 + scale[deg % 7]! + 12 * Math.floor(deg / 7) - 12 + leadOctave;
          const startS = at(bar, note.step % 16);
          const len = note.len * sixteenth * 0.9;
          const gain = lead === 'square' || lead === 'saw' ? 0.09 : 0.16;
          const sends: Send[] = [
            [send, gain * 0.6],
            [echo, gain * style.delay],
          ];
          renderNote(dry, lead, startS, len, midi, gain, sends, 0.15);
        }
      }

      // Drums.
      if (kit && !(inIntro && b < section.bars / 2) && !(inOutro && b >= section.bars - 1)) {
        const light = isBreak || inIntro || inOutro;
        switch (style.drums) {
          case 'four':
            if (!isBreak) for (const s of [0, 4, 8, 12]) mixIn(dry, kit.kick, at(bar, s), 0.9);
            for (const s of [4, 12]) if (!light) mixIn(dry, kit.snare, at(bar, s), 0.45);
            for (const s of [2, 6, 10, 14]) mixIn(dry, kit.openHat, at(bar, s), 0.25, -0.3);
            break;
          case 'boombap':
            for (const s of [0, 7, 10]) if (!isBreak) mixIn(dry, kit.kick, at(bar, s), 0.85);
            for (const s of [4, 12]) mixIn(dry, kit.snare, at(bar, s), light ? 0.25 : 0.5);
            for (let s = 0; s < 16; s += 2) mixIn(dry, kit.hat, at(bar, s), 0.22, 0.35);
            break;
          case 'rock':
            for (const s of [0, 6, 8]) if (!isBreak) mixIn(dry, kit.kick, at(bar, s), 0.9);
            for (const s of [4, 12]) mixIn(dry, kit.snare, at(bar, s), light ? 0.3 : 0.6);
            for (let s = 0; s < 16; s += 2) mixIn(dry, kit.hat, at(bar, s), 0.3, 0.35);
            if (b === section.bars - 1) for (const s of [13, 14, 15]) mixIn(dry, kit.snare, at(bar, s), 0.4);
            break;
          case 'swing':
            for (const s of [0, 4, 6, 8, 12, 14])
              mixIn(dry, kit.openHat, at(bar, s), s % 4 ? 0.12 : 0.2, -0.3);
            for (const s of [4, 12]) mixIn(dry, kit.hat, at(bar, s), 0.35, 0.35);
            if (!light) mixIn(dry, kit.kick, at(bar, 0), 0.4);
            if (walkRng.chance(0.3)) mixIn(dry, kit.snare, at(bar, walkRng.pick([7, 11, 14])), 0.15);
            break;
          case 'chip':
            for (const s of [0, 8]) mixIn(dry, kit.kick, at(bar, s), 0.5);
            for (const s of [4, 12]) if (!light) mixIn(dry, kit.snare, at(bar, s), 0.3);
            for (let s = 0; s < 16; s += 2) mixIn(dry, kit.hat, at(bar, s), 0.12, 0.35);
            break;
          case 'soft':
            mixIn(dry, kit.kick, at(bar, 0), 0.5);
            if (!light) mixIn(dry, kit.snare, at(bar, 8), 0.18);
            for (let s = 0; s < 16; s += 4) mixIn(dry, kit.hat, at(bar, s + 2), 0.1, 0.35);
            break;
          case 'none':
            break;
        }
      }
    }
  }

  // Dotted-eighth echo of the lead, bouncing between the sides, then the room, then the master chain.
  if (style.delay > 0) {
    const d = Math.round(sixteenth * 3);
    for (let i = d; i < length; i++) echo[i]! += echo[i - d]! * 0.45;
    for (let i = d; i < length; i++) {
      dry.l[i]! += echo[i - d]!;
      if (i >= 2 * d) dry.r[i]! += echo[i - 2 * d]! * 0.8;
    }
  }
  const amount = style.reverb * 2 + 0.2;
  // One room for both sides; the right hears it 11 ms later, which is enough to make it wide.
  const room = reverb(send, amount, 0);
  const roomDelay = Math.round(sr * 0.011);
  const toneAlpha = 1 - Math.exp((-2 * Math.PI * style.tone) / sr);
  let sumSq = 0;
  const channels = [dry.l, dry.r] as const;
  for (let c = 0; c < 2; c++) {
    const ch = channels[c]!;
    const offset = c === 0 ? 0 : roomDelay;
    const crackle = noiseSource((options.seed ^ 0xabcdef) + c);
    let lp = 0;
    let dcIn = 0;
    let dcOut = 0;
    for (let i = 0; i < length; i++) {
      let x = ch[i]! + (i >= offset ? room[i - offset]! : 0);
      if (style.crackle) {
        const n = crackle();
        x += n * 0.004 + (n > 0.9985 ? 0.15 * crackle() : 0);
      }
      lp += (x - lp) * toneAlpha;
      // DC blocker: synthesized bass and asymmetric waves leave an offset that wastes headroom.
      dcOut = lp - dcIn + 0.995 * dcOut;
      dcIn = lp;
      ch[i] = dcOut;
      sumSq += dcOut * dcOut;
    }
  }
  // Loudness: bring every piece to about the same RMS, then a soft clipper catches the peaks.
  const rms = Math.sqrt(sumSq / (2 * length)) || 1;
  const gain = 0.16 / rms;
  for (const ch of channels) {
    for (let i = 0; i < length; i++) {
      const x = ch[i]! * gain;
      ch[i] = x / (1 + Math.abs(x) * 0.6);
    }
  }
  return { left: dry.l, right: dry.r, bpm, bars };
}

/** Fades so a piece starts and ends cleanly; the gapless pair fades only at its outer ends. */
export function applyFades(samples: Float32Array, fadeIn: boolean, fadeOut: boolean) {
  const sr = SAMPLE_RATE;
  if (fadeIn) {
    const n = Math.min(samples.length, Math.round(sr * 0.02));
    for (let i = 0; i < n; i++) samples[i]! *= i / n;
  }
  if (fadeOut) {
    const n = Math.min(samples.length, Math.round(sr * 2.5));
    for (let i = 0; i < n; i++) samples[samples.length - 1 - i]! *= i / n;
  }
}

export function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(-1, Math.min(1, samples[i]!));
    out[i] = Math.round(v * 32767);
  }
  return out;
}
