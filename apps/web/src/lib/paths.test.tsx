import { TOUR_PAGES } from '@keyhaven/shared/constants';
import { describe, expect, it } from 'vitest';
import { loginPathFor, paths, returnPathFrom } from './paths';

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

  it('has the tour pages at the addresses the notices and e-mails of tours link to', () => {
    expect({
      agent: paths.dashboard.tours,
      buyer: paths.dashboard.myTours,
      availability: paths.dashboard.tourAvailability,
    }).toEqual(TOUR_PAGES);
  });
});
