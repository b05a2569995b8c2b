import { describe, expect, it } from 'vitest';
import { droppedTags, isSafeLinkHref, linkAddress } from './rich-text';

describe('linkAddress', () => {
  it('keeps web, mail and phone links and paths on the site as typed', () => {
    for (const address of [
      'https://example.com/label',
      'http://example.com',
      'mailto:hello@example.com',
      'tel:+34600000000',
      '/pages/terms',
      '#credits',
      '?tab=2',
    ])
      expect(linkAddress(`  ${address} `)).toBe(address);
  });

  it('gives a bare host https', () => {
    expect(linkAddress('example.com')).toBe('https://example.com');
    expect(linkAddress('www.example.com/tour?x=1')).toBe('https://www.example.com/tour?x=1');
    expect(linkAddress('example.com:8080/x')).toBe('https://example.com:8080/x');
  });

  it('refuses script and data URLs, protocol-relative and malformed addresses', () => {
    for (const address of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'javascript://%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example',
      'https://',
      'http:example.com',
      'not a link',
      'label',
      '',
      '   ',
    ])
      expect(linkAddress(address), address).toBeNull();
  });
});

describe('isSafeLinkHref', () => {
  it('allows relative addresses and the web, mail and phone schemes', () => {
    for (const href of ['pages/terms', '/x', '#a', 'https://a.b', 'HTTP://A.B', 'mailto:a@b.c', 'tel:1'])
      expect(isSafeLinkHref(href), href).toBe(true);
  });

  it('refuses other schemes, also when split by whitespace or control characters', () => {
    for (const href of [
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      ' \u0001javascript:x',
      'data:,x',
      '//x.y',
    ])
      expect(isSafeLinkHref(href), href).toBe(false);
  });
});

describe('droppedTags', () => {
  it('lists the elements the editor wrote back without', () => {
    expect(
      droppedTags(
        '<h2>Credits</h2><table><tr><td>a</td></tr></table><p><img src="/x.png" alt=""></p>',
        '<h2>Credits</h2><p>a</p><p></p>',
      ),
    ).toEqual(['img', 'table', 'td', 'tr']);
  });

  it('counts a tag written another way as kept', () => {
    expect(
      droppedTags('<p><b>a</b> <i>b</i> <del>c</del></p>', '<p><strong>a</strong> <em>b</em> <s>c</s></p>'),
    ).toEqual([]);
  });
});
