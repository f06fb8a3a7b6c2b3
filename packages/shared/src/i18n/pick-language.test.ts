import { describe, expect, it } from 'vitest';
import { interpolate, pickLanguage } from './index';

describe('pickLanguage', () => {
  it('falls back to Khmer when the header is missing or names no supported language', () => {
    expect(pickLanguage(undefined)).toBe('km');
    expect(pickLanguage('de-DE,de;q=0.9')).toBe('km');
  });
  it('honours quality values and region subtags', () => {
    expect(pickLanguage('fr-FR;q=0.5,ar;q=0.9')).toBe('ar');
    expect(pickLanguage('zh-CN')).toBe('zh');
  });
});

describe('interpolate', () => {
  it('fills named placeholders and leaves unknown ones visible', () => {
    expect(interpolate('{{from}}–{{to}} of {{total}}', { from: 1, to: 10, total: 25 })).toBe('1–10 of 25');
    expect(interpolate('Hi {{who}}', {})).toBe('Hi {{who}}');
  });
});
