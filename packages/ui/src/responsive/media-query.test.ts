import { describe, expect, it } from 'vitest';
import { MOBILE_BREAKPOINT } from '../constants';
import { isMobileWidth, MOBILE_MEDIA_QUERY } from './media-query';

describe('mobile breakpoint', () => {
  it('is 768 px: narrower viewports are mobile', () => {
    expect(MOBILE_BREAKPOINT).toBe(768);
    expect(isMobileWidth(375)).toBe(true);
    expect(isMobileWidth(767)).toBe(true);
    expect(isMobileWidth(768)).toBe(false);
    expect(isMobileWidth(1280)).toBe(false);
  });

  it('has a media query that stops just below 768 px', () => {
    expect(MOBILE_MEDIA_QUERY).toBe('(max-width: 767.98px)');
  });
});
