import { Popover } from '@backline/ui';
import {
  Button as AriaButton,
  ColorArea,
  ColorField,
  ColorPicker,
  ColorSlider,
  ColorSwatch,
  ColorThumb,
  Dialog,
  DialogTrigger,
  Input,
  Label,
  parseColor,
  SliderTrack,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { type ContrastProblem, contrastProblems } from './contrast';

/** English names of the shipped theme variables; an app's own variables show by their CSS name. */
export const COLOR_VARIABLE_LABELS: Record<string, string> = {
  '--bl-bg': 'Background',
  '--bl-bg-alt': 'Alternative background',
  '--bl-bg-elevated': 'Elevated background',
  '--bl-fg': 'Text',
  '--bl-fg-muted': 'Muted text',
  '--bl-border': 'Borders',
  '--bl-primary': 'Primary',
  '--bl-primary-fg': 'Text on primary',
  '--bl-danger': 'Danger',
  '--bl-positive': 'Positive',
  '--bl-focus': 'Focus ring',
};

export interface ColorEditorProps {
  /** CSS variable name to colour value. */
  colors: Record<string, string>;
  /** Called on every change while the picker moves, with a hex value; the editor sends it to the preview at once. */
  onChange(variable: string, value: string): void;
}

const safeColor = (value: string) => {
  try {
    return parseColor(value);
  } catch {
    return parseColor('#000000');
  }
};

/**
 * One row per theme variable: a swatch that opens a colour picker (area for saturation and brightness, a hue
 * slider, a hex field) and the hex field inline, then a warning for every text/background pair that no longer
 * reaches WCAG AA. All parts are react-aria-components, so each is reachable and adjustable by keyboard.
 */
export function ColorEditor({ colors, onChange }: ColorEditorProps) {
  const { t } = useTranslation();
  const problems = contrastProblems(colors);
  const labelOf = (name: string) => (COLOR_VARIABLE_LABELS[name] ? t(COLOR_VARIABLE_LABELS[name]) : name);
  return (
    <div className="bl-appearance-colors">
      <ul className="bl-appearance-colors__list">
        {Object.entries(colors).map(([name, value]) => (
          <li key={name} className="bl-appearance-colors__row">
            <ColorPicker value={safeColor(value)} onChange={(color) => onChange(name, color.toString('hex'))}>
              <DialogTrigger>
                <AriaButton
                  className="bl-appearance-colors__swatch-button"
                  aria-label={t('Pick :name colour', { name: labelOf(name) })}
                >
                  <ColorSwatch className="bl-appearance-colors__swatch" />
                </AriaButton>
                <Popover
                  placement="bottom start"
                  aria-label={t('Pick :name colour', { name: labelOf(name) })}
                >
                  <Dialog className="bl-appearance-colors__dialog" aria-label={labelOf(name)}>
                    <ColorArea
                      className="bl-appearance-colors__area"
                      colorSpace="hsb"
                      xChannel="saturation"
                      yChannel="brightness"
                    >
                      <ColorThumb className="bl-appearance-colors__thumb" />
                    </ColorArea>
                    <ColorSlider className="bl-appearance-colors__slider" colorSpace="hsb" channel="hue">
                      <Label>{t('Hue')}</Label>
                      <SliderTrack className="bl-appearance-colors__track">
                        <ColorThumb className="bl-appearance-colors__thumb" />
                      </SliderTrack>
                    </ColorSlider>
                  </Dialog>
                </Popover>
              </DialogTrigger>
              <ColorField className="bl-appearance-colors__field">
                <Label className="bl-appearance-colors__label">{labelOf(name)}</Label>
                <Input className="bl-appearance-colors__input" data-variable={name} />
              </ColorField>
            </ColorPicker>
          </li>
        ))}
      </ul>
      <ContrastWarnings problems={problems} labelOf={labelOf} />
    </div>
  );
}

function ContrastWarnings({
  problems,
  labelOf,
}: {
  problems: ContrastProblem[];
  labelOf: (name: string) => string;
}) {
  const { t } = useTranslation();
  // A live region, so a change that breaks (or fixes) a pair is announced as it happens.
  return (
    <div className="bl-appearance-colors__warnings" role="status">
      {problems.length ? (
        <ul>
          {problems.map((problem) => (
            <li key={`${problem.foreground}|${problem.background}`} className="bl-appearance-colors__warning">
              {t(':foreground on :background has a contrast of :ratio:1; WCAG AA needs :minimum:1.', {
                foreground: labelOf(problem.foreground),
                background: labelOf(problem.background),
                ratio: problem.ratio.toFixed(2),
                minimum: problem.minimum,
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
