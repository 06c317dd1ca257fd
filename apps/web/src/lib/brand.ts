import { DEFAULT_BRAND_NAME } from '@keyhaven/shared/constants';

const PLACEHOLDER = '%BRAND_NAME%';

/**
 * The server writes the configured brand into index.html at serve time; when the page is served
 * without that step (Vite dev server, `vite preview`) the placeholder is still there.
 */
function readBrand(): string {
  const content =
    typeof document === 'undefined'
      ? // Rendering on the server, before any document: the server names its brand before it
        // loads the renderer.
        (globalThis as { keyhavenBrandName?: string }).keyhavenBrandName
      : document.querySelector<HTMLMetaElement>('meta[name="brand"]')?.content.trim();
  return content && content !== PLACEHOLDER ? content : DEFAULT_BRAND_NAME;
}

export const BRAND_NAME = readBrand();

/**
 * Every page's document title: the brand, then the page (`Keyhaven | Make Offer`), so tabs and
 * bookmarks read alike on every page. The route table sets it.
 */
export const documentTitle = (page: string) => `${BRAND_NAME} | ${page}`;
