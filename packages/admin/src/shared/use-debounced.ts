import { useEffect, useState } from 'react';

/** The search box's text, handed on once typing pauses so each key press does not fetch a page. */
export function useDebouncedCallback(value: string, onSettle: (value: string) => void, delay = 300) {
  const [text, setText] = useState(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text restarts the timer
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSettle(text), delay);
    return () => clearTimeout(timer);
  }, [text]);
  return [text, setText] as const;
}
