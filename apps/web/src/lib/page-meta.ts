import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteHandle } from './route-handle.ts';

/**
 * A public page's description for search engines and link previews: `<meta name="description">`,
 * `og:title` and `og:description`, in the reader's language. `title` overrides the route's title
 * (a news article names itself); otherwise the route handle's title is used, as the document title
 * is (route-handle.ts). When the page goes, the tags it changed get their earlier content back.
 */
export function usePageMeta({ description, title }: { description: string; title?: string }): void {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const brand = t('brand.name');
  const page = title ?? handle.title?.(t);
  const fullTitle = page ? `${page} - ${brand}` : brand;
  const override = title !== undefined;

  useEffect(() => {
    const restore = [
      setMeta('name', 'description', description),
      setMeta('property', 'og:title', fullTitle),
      setMeta('property', 'og:description', description),
    ];
    // The shell sets document.title from the route in its own effect, which runs after this one (a
    // parent's effects follow its children's): an own title goes in once those effects are done.
    let live = true;
    if (override) {
      document.title = fullTitle;
      queueMicrotask(() => {
        if (live) document.title = fullTitle;
      });
    }
    return () => {
      live = false;
      for (const undo of restore) undo();
    };
  }, [description, fullTitle, override]);
}

/**
 * The description of pages that set none (workspace, account, sign-in), in the reader's language:
 * the shell sets it on every navigation (route-handle.ts), after the page's own effects, so it
 * leaves alone a description a page has set (marked `data-page-meta`).
 */
export function setDefaultDescription(content: string): void {
  const tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (tag && !tag.dataset.pageMeta) tag.content = content;
}

/** Sets a meta tag's content, creating the tag if needed; returns how to undo it. */
function setMeta(attribute: 'name' | 'property', key: string, content: string): () => void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  const created = !tag;
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  const previous = tag.content;
  tag.content = content;
  tag.dataset.pageMeta = '1';
  const element = tag;
  return () => {
    if (created) element.remove();
    else {
      element.content = previous;
      delete element.dataset.pageMeta;
    }
  };
}

/** Page title = `<page> - 数桥` / `- 數橋` / `- MathBridge` (spec §9: suffix is the platform name). */
export function useDocumentTitle(): void {
  const { t, i18n } = useTranslation();
  const handle = useRouteHandle();
  const page = handle.title?.(t);
  const brand = t('brand.name');
  const title = page ? `${page} - ${brand}` : brand;
  const description = t('footer.description');
  useEffect(() => {
    document.title = title;
    setDefaultDescription(description);
  }, [title, description, i18n.language]);
}
