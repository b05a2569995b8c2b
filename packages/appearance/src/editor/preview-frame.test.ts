import { describe, expect, it } from 'vitest';
import { previewUrl } from './preview-frame';

describe('previewUrl', () => {
  it('keeps editor mode on every page the preview opens', () => {
    expect(previewUrl('/')).toBe('/?appearanceEditor=true');
    expect(previewUrl('/pricing?period=month#plans')).toBe(
      '/pricing?period=month&appearanceEditor=true#plans',
    );
  });

  it('stays on the site: a full URL elsewhere keeps only its path', () => {
    expect(previewUrl('https://evil.example/x')).toBe('/x?appearanceEditor=true');
  });
});
