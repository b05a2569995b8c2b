import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Slider, SliderThumb, SliderTrack } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { usePlaybackSnapshot, usePlayerEngine } from '../player-provider';
import { formatTime } from './format-time';

/** The playing track's waveform peaks, or null while they load and for a track that has none. */
function useWaveform(trackId: number | undefined): number[] | null {
  const { waveforms } = usePlayerEngine();
  const known = trackId === undefined ? undefined : waveforms?.peek(trackId);
  const [loaded, setLoaded] = useState<{ id: number; peaks: number[] } | null>(null);
  useEffect(() => {
    if (!waveforms || trackId === undefined || waveforms.peek(trackId)) return;
    let live = true;
    waveforms.get(trackId).then(
      (peaks) => live && setLoaded({ id: trackId, peaks }),
      // No waveform is no loss: the plain bar is drawn, and the next play of the track asks again.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [waveforms, trackId]);
  const peaks = known ?? (loaded && loaded.id === trackId ? loaded.peaks : null);
  return peaks?.length ? peaks : null;
}

/** Floor of a bar's height, so quiet passages still show where they are. */
const MIN_BAR = 8;

/**
 * Width of the screen a bar takes, gap included. The peaks (200 for any track) are folded to fit: at 2 px or
 * less a bar is thinner than a device pixel with its gap, and the browser smears the waveform into a grey band.
 */
const BAR_PX = 3;

/** The peaks folded to `count` bars, each the loudest of its group (so a short loud hit never vanishes). */
export function foldPeaks(peaks: number[], count: number): number[] {
  if (count >= peaks.length) return peaks;
  return Array.from({ length: count }, (_, i) => {
    const start = Math.floor((i * peaks.length) / count);
    const end = Math.max(start + 1, Math.floor(((i + 1) * peaks.length) / count));
    return Math.max(...peaks.slice(start, end));
  });
}

/**
 * Bars of the peaks as one path in a `peaks.length` × 100 box, each scaled to the track's loudest peak (a
 * mastered track's peaks sit near the top; relative heights are what show its shape).
 */
function wavePath(peaks: number[]): string {
  const loudest = Math.max(...peaks) || 1;
  return peaks
    .map((peak, i) => {
      const height = Math.max(MIN_BAR, (peak / loudest) * 100);
      return `M${i + 0.15} ${((100 - height) / 2).toFixed(1)}h0.7v${height.toFixed(1)}h-0.7z`;
    })
    .join('');
}

/** The width of an element in CSS pixels, measured before the first paint and again whenever it changes. */
function useWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * The waveform, twice: the whole track in the muted colour, and the played part over it, cut at the position.
 * The peaks are folded to the bars the track's width holds.
 */
function Waveform({ peaks, fraction }: { peaks: number[]; fraction: number }) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const count = width ? Math.max(1, Math.min(peaks.length, Math.floor(width / BAR_PX))) : peaks.length;
  const [path, setPath] = useState(() => ({ peaks, count, d: wavePath(foldPeaks(peaks, count)) }));
  if (path.peaks !== peaks || path.count !== count)
    setPath({ peaks, count, d: wavePath(foldPeaks(peaks, count)) });
  const svg = (
    <svg viewBox={`0 0 ${path.count} 100`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <path d={path.d} />
    </svg>
  );
  return (
    <>
      <div className="player-seek__wave" ref={box}>
        {svg}
      </div>
      <div
        className="player-seek__wave player-seek__wave--played"
        style={{ clipPath: `inset(0 ${((1 - fraction) * 100).toFixed(2)}% 0 0)` }}
      >
        {svg}
      </div>
    </>
  );
}

/**
 * The seek bar: elapsed and total time, the buffered range behind the played one, and a slider that seeks on
 * release (dragging does not stutter the audio). With focus on it, arrow keys move it a second at a time. When
 * the track has waveform peaks (computed at upload), the full bar draws them, played bars in the accent colour;
 * the compact bar keeps its thin line.
 */
export function SeekBar({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { controller } = usePlayerEngine();
  const playback = usePlaybackSnapshot();
  const [dragging, setDragging] = useState<number | null>(null);
  const duration = Math.max(playback.durationMs, 0);
  const position = Math.min(dragging ?? playback.positionMs, duration || Number.POSITIVE_INFINITY);
  const disabled = !playback.current || duration === 0;
  const fraction = duration ? position / duration : 0;
  const peaks = useWaveform(compact ? undefined : playback.current?.track.id);
  return (
    <div className="player-seek" data-compact={compact || undefined}>
      {compact ? null : <span className="player-seek__time">{formatTime(position)}</span>}
      <Slider
        className="player-seek__slider"
        aria-label={t('Seek')}
        minValue={0}
        maxValue={Math.max(1, Math.round(duration / 1000))}
        step={1}
        value={Math.round(position / 1000)}
        isDisabled={disabled}
        onChange={(seconds) => setDragging(seconds * 1000)}
        onChangeEnd={(seconds) => {
          setDragging(null);
          controller.seek(seconds * 1000);
        }}
      >
        <SliderTrack className="player-seek__track" data-waveform={peaks ? true : undefined}>
          {peaks ? (
            <Waveform peaks={peaks} fraction={fraction} />
          ) : (
            <>
              <div className="player-seek__buffered" style={{ width: `${playback.buffered * 100}%` }} />
              <div className="player-seek__played" style={{ width: `${fraction * 100}%` }} />
            </>
          )}
          <SliderThumb
            className="player-seek__thumb"
            aria-label={t('Seek')}
            // Screen readers hear "1:23 of 3:45" rather than bare seconds.
            aria-valuetext={t(':elapsed of :total', {
              elapsed: formatTime(position),
              total: formatTime(duration),
            })}
          />
        </SliderTrack>
      </Slider>
      {compact ? null : <span className="player-seek__time">{formatTime(duration)}</span>}
    </div>
  );
}
