import { open } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';

/** Bytes read from the start of a file to decide its type. */
export const SNIFF_BYTES = 64 * 1024;

const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  md: 'text/markdown',
  json: 'application/json',
  srt: 'text/plain',
  vtt: 'text/vtt',
  log: 'text/plain',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  htm: 'text/html',
  html: 'text/html',
  svg: 'image/svg+xml',
  xml: 'application/xml',
  ics: 'text/calendar',
  yaml: 'text/yaml',
  yml: 'text/yaml',
};

/**
 * The type of a file from its bytes, never from the client's word alone: magic numbers through file-type for
 * binary formats; for text, markup that a browser would run (HTML, SVG, XML) is recognised by its content,
 * so HTML named `photo.png` and declared `image/png` is `text/html` here. Other text takes its extension's
 * text type, or `text/plain`; unknown binary is `application/octet-stream`.
 */
export async function sniffType(
  head: Buffer,
  extension: string | null,
): Promise<{ mime: string; ext: string | null }> {
  const detected = await fileTypeFromBuffer(head);
  if (detected) return { mime: detected.mime, ext: detected.ext };
  const sample = head.subarray(0, 8192);
  if (sample.includes(0)) return { mime: 'application/octet-stream', ext: extension };
  const text = sample.toString('utf8').toLowerCase();
  if (/<svg[\s>/]/.test(text)) return { mime: 'image/svg+xml', ext: 'svg' };
  if (
    /<(!doctype\s+html|html|head|body|script|iframe|object|embed|meta|img|a|form|div|style)[\s>/]/.test(text)
  ) {
    return { mime: 'text/html', ext: 'html' };
  }
  if (/^\s*<\?xml/.test(text)) return { mime: 'application/xml', ext: 'xml' };
  const byExtension = extension ? TEXT_TYPES[extension] : undefined;
  return { mime: byExtension ?? 'text/plain', ext: extension };
}

/** The first `SNIFF_BYTES` of a file on disk. */
export async function readHead(filePath: string): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const INLINE = [
  /^image\/(png|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)$/,
  /^audio\//,
  /^video\//,
  /^text\/plain$/,
];

/**
 * Whether a type may be shown inline from the site's origin. Everything else (SVG, HTML, XML, scripts, PDF…)
 * is served as an attachment, so an uploaded file can never run script in the site's origin.
 */
export function servesInline(mime: string): boolean {
  return INLINE.some((pattern) => pattern.test(mime));
}

/**
 * The `Content-Type` a stored file is served with from the site's origin. Only the inline types above keep their
 * own; every other file (scripts, HTML, SVG, XML, CSS, JSON…) goes out as `application/octet-stream`, which a
 * browser under `X-Content-Type-Options: nosniff` refuses to run as a script, apply as a stylesheet or render as
 * a document, even when a page names it in `<script src>` (a `Content-Disposition: attachment` alone does not
 * stop that: script loads ignore it). The stored `mime` is unchanged and still reported in the file entry.
 */
export function servedType(mime: string): string {
  return servesInline(mime) ? mime : 'application/octet-stream';
}
