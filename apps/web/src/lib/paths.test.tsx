import { describe, expect, it } from 'vitest';
import { loginPathFor, returnPathFrom } from './paths';

describe('the way to the login page and back', () => {
  it('names where the visitor was going, with its query, in the address', () => {
    expect(loginPathFor({ pathname: '/all-properties', search: '?location=Austin&page=2' })).toBe(
      '/login?returnTo=%2Fall-properties%3Flocation%3DAustin%26page%3D2',
    );
    expect(loginPathFor({ pathname: '/', search: '' })).toBe('/login');
  });

  it('brings a visitor back only to an address of this site', () => {
    expect(returnPathFrom('/all-properties?location=Austin')).toBe(
      '/all-properties?location=Austin',
    );
    expect(returnPathFrom('/dashboard/wishlist')).toBe('/dashboard/wishlist');
    for (const elsewhere of [
      null,
      '',
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      'javascript:alert(1)',
      '/login',
      '/login?returnTo=%2Fdashboard',
      `/${'a'.repeat(600)}`,
    ]) {
      expect(returnPathFrom(elsewhere), String(elsewhere)).toBeNull();
    }
  });
});
