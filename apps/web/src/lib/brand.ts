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

/** The pages whose document title carries the brand, as the spec's title list names them. */
const BRANDED_TITLES = new Set(['Make Offer', 'Forbidden', 'Not Found']);

/**
 * Every page's document title, as the spec lists them: the page alone ('Home', 'Dashboard'),
 * with the brand before it only for Make Offer, Forbidden and Not Found ('Keyhaven | Make
 * Offer'). The route table sets it.
 */
export const documentTitle = (page: string) =>
  BRANDED_TITLES.has(page) ? previewTitle(page) : page;

/**
 * A page's title in link previews, where it stands away from the site: the brand, then the page
 * (`Keyhaven | Home`).
 */
export const previewTitle = (page: string) => `${BRAND_NAME} | ${page}`;
