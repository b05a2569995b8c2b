import { CUSTOM_CODE_ID } from '@backline/core/contract';

export type CustomCodeMode = 'html' | 'css';

export interface CustomCodeOptions {
  document?: Document;
  /**
   * The page's CSP nonce. The site's CSP allows only nonced styles and scripts, so custom CSS gets the nonce to
   * apply, and scripts inside custom HTML are re-created with it to run (the admin's own code, by design: see
   * docs/security.md). Read from the page's own nonced elements when omitted.
   */
  nonce?: string;
}

/** The element id of a custom-code block: the same id for both; the tag tells them apart. */
export function customCodeSelector(mode: CustomCodeMode): string {
  return `${mode === 'css' ? 'style' : 'div'}#${CUSTOM_CODE_ID}`;
}

/** The nonce the page was served with (the server sets it on its own script and style elements). */
export function pageNonce(doc: Document = document): string | undefined {
  const element = doc.querySelector<HTMLElement>('script[nonce], style[nonce], meta[property="csp-nonce"]');
  if (!element) return undefined;
  // Browsers hide the nonce attribute after parsing; the property keeps it.
  return element.nonce || element.getAttribute('nonce') || element.getAttribute('content') || undefined;
}

/**
 * Writes custom CSS (a `<style>` in the head) or custom HTML (a `<div>` at the end of the body), both with the
 * custom-code id. Rule (spec): the element is created when the value is non-empty, its content replaced on later
 * updates, and removed when the value is empty.
 */
export function setCustomCode(mode: CustomCodeMode, value: string, options: CustomCodeOptions = {}): void {
  const doc = options.document ?? document;
  const existing = doc.querySelector<HTMLElement>(customCodeSelector(mode));
  if (!value.trim()) {
    existing?.remove();
    return;
  }
  const nonce = options.nonce ?? pageNonce(doc);
  if (mode === 'css') {
    const style = (existing as HTMLStyleElement | null) ?? doc.createElement('style');
    style.id = CUSTOM_CODE_ID;
    if (nonce) style.nonce = nonce;
    style.textContent = value;
    if (!existing) doc.head.append(style);
    return;
  }
  const div = existing ?? doc.createElement('div');
  div.id = CUSTOM_CODE_ID;
  div.innerHTML = value;
  // Scripts inserted through innerHTML never run; re-creating them (with the nonce the CSP asks for) makes custom
  // HTML behave as it does when the server renders it into the page.
  for (const old of div.querySelectorAll('script')) {
    const script = doc.createElement('script');
    for (const attribute of old.attributes) script.setAttribute(attribute.name, attribute.value);
    if (nonce) script.nonce = nonce;
    script.textContent = old.textContent;
    old.replaceWith(script);
  }
  if (!existing) doc.body.append(div);
}
