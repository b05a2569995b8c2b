import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml (stored XSS in admin-written pages)', () => {
  it('drops scripts, event handlers and javascript: URLs, keeping the markup around them', () => {
    const clean = sanitizeHtml(
      '<h2>Terms</h2><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>' +
        '<p onclick="alert(4)">Text</p><svg><script>alert(5)</script></svg><iframe src="https://evil.test"></iframe>',
    );
    expect(clean).toContain('<h2>Terms</h2>');
    expect(clean).toContain('<p>Text</p>');
    expect(clean).not.toMatch(/script|onerror|onclick|javascript:|iframe|svg|alert/i);
  });

  it('survives mutation-XSS payloads that reparse into script', () => {
    const payloads = [
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<style>@import "https://evil.test/x.css";</style>',
    ];
    for (const payload of payloads)
      expect(sanitizeHtml(payload)).not.toMatch(/onerror|javascript:|@import|<style/i);
  });

  it('gives links that open elsewhere rel="noopener noreferrer" and drops other targets', () => {
    const clean = sanitizeHtml(
      '<a href="https://example.org" target="_blank">out</a><a href="/pages/about" target="_top">in</a><a href="/contact">c</a>',
    );
    expect(clean).toContain(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">out</a>',
    );
    expect(clean).toContain('<a href="/pages/about">in</a>');
    expect(clean).toContain('<a href="/contact">c</a>');
  });

  it('removes inline styles and data attributes, and resolves relative URLs against html_base_uri', () => {
    expect(sanitizeHtml('<p style="position:fixed" data-x="1">a</p>')).toBe('<p>a</p>');
    expect(
      sanitizeHtml('<img src="images/a.png" alt="A"><a href="docs/b">b</a>', {
        baseUri: 'https://cdn.example.org/site/',
      }),
    ).toBe(
      '<img src="https://cdn.example.org/site/images/a.png" alt="A"><a href="https://cdn.example.org/site/docs/b" rel="noopener noreferrer">b</a>',
    );
  });
});
