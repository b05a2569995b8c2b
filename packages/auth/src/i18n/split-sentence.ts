/**
 * Splits a translated sentence around the part that becomes a link, so a whole spec line ("Already have an
 * account? Sign in.") stays one translation key while its last words are clickable. When a translation does
 * not contain the part, the whole sentence is the link: still one accessible, clickable line.
 */
export function splitSentence(
  sentence: string,
  part: string,
): { before: string; part: string; after: string } | null {
  if (!part) return null;
  const index = sentence.lastIndexOf(part);
  if (index < 0) return null;
  return { before: sentence.slice(0, index), part, after: sentence.slice(index + part.length) };
}
