import { describe, expect, it } from 'vitest';
import { filesOfPages, requestPageFiles } from './page-files';

const manifest = {
  files: ['/assets/details.js', '/assets/gallery.js', '/assets/badge.js', '/assets/about.js'],
  pages: { 'property-details-page': [0, 1, 2], 'about-page': [3, 2] },
};

describe('filesOfPages', () => {
  it('lists the files of the pages shown, each once', () => {
    expect(filesOfPages(manifest, ['property-details-page', 'about-page'])).toEqual({
      pages: ['property-details-page', 'about-page'],
      files: ['/assets/details.js', '/assets/gallery.js', '/assets/badge.js', '/assets/about.js'],
    });
  });

  it('lists nothing for a page the build does not know', () => {
    expect(filesOfPages(manifest, ['no-such-page'])).toEqual({
      pages: ['no-such-page'],
      files: [],
    });
  });
});

describe('requestPageFiles', () => {
  it('asks for nothing, and does not fail, in an app built without the page files (development)', async () => {
    await requestPageFiles('about-page');
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
  });
});
