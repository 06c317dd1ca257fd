import { BRAND_NAME, previewTitle } from '@/lib/brand';
import { useAbsoluteUrl } from '@/lib/public-origin';

type PageMetaProps = {
  /** The page's name, as the route table titles it ('Home'): link previews show the same title. */
  title: string;
  /** One or two sentences search results and link previews show under the title. */
  description: string;
  /** The page's own address (`/about`), without a search: the one address it is indexed under. */
  path: string;
  /** A picture for link previews: a path on this site or an absolute address. */
  image?: string | null;
  /** `article` for one listing; `website` for every other page. */
  type?: 'website' | 'article';
};

/**
 * What search engines and link previews read about a page: its description, canonical address and
 * Open Graph / Twitter card. React places these tags in the document head wherever they render;
 * the route table writes the title itself.
 */
export function PageMeta({ title, description, path, image, type = 'website' }: PageMetaProps) {
  const absolute = useAbsoluteUrl();
  const url = absolute(path);
  return (
    <>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:title" content={previewTitle(title)} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={BRAND_NAME} />
      {image && <meta property="og:image" content={absolute(image)} />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
    </>
  );
}
