/**
 * schema.org data for search engines, as `<script type="application/ld+json">`. Every `<` is
 * escaped, so a text inside (a brand or a listing title) can never close the script element.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped, not markup.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
