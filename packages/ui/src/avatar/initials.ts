/** Up to two initials for an avatar without an image: "Ada Lovelace" gives "AL", "ada@x.io" gives "A". */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s@._-]+/u)
    .filter(Boolean);
  const source = name.includes('@') ? words.slice(0, 1) : words.slice(0, 2);
  return source
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}
