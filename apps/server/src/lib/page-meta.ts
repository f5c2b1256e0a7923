import type { Locale } from '@mathbridge/contracts/locales';

/**
 * Page meta for crawlers and link previews (issue 11): the SPA's index.html with its <title>,
 * description and Open Graph tags replaced for one page, so a shared link or a search engine that
 * runs no script sees the page's own title. The browser app sets the same title itself.
 */
export interface PageMeta {
  title: string;
  description: string;
  type: 'article' | 'website';
}

/** Answers the meta of a web path in a locale, or null for the index.html as built. */
export type PageMetaSource = (path: string, locale: Locale) => Promise<PageMeta | null>;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** index.html with this page's title, description and og: tags (the built ones removed). */
export function withPageMeta(html: string, meta: PageMeta): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
  ].join('\n    ');
  const stripped = html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+(name="description"|property="og:[a-z]+")[^>]*>\s*/gi, '');
  return stripped.replace(/<\/head>/i, `  ${tags}\n  </head>`);
}
