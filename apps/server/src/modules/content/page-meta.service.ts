import type { Locale } from '@mathbridge/contracts/locales';
import { INT_MAX } from '@mathbridge/contracts/validation';
import type { AppContext } from '../../context.ts';
import type { PageMeta } from '../../lib/page-meta.ts';
import { nowIso } from '../../lib/time.ts';
import { isVisible } from './articles.service.ts';
import * as repo from './content.repository.ts';

/** The product's name per locale (DESIGN §1), the suffix of every page title (spec §9). */
const BRAND: Record<Locale, string> = { 'zh-CN': '数桥', 'zh-HK': '數橋', 'en-US': 'MathBridge' };
const DESCRIPTION_MAX = 150;

/** Markdown (with KaTeX) as one line of plain text, for a description. */
function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\$\$[\s\S]*?\$\$/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_~`]+/g, '')
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The title and description of a public page the server can name better than index.html:
 * `/news/detail/{id}` of an article visible now (its title, its summary or the start of its
 * body). Anything else (or an article not visible): null, the built index.html.
 */
export async function contentPageMeta(ctx: AppContext, path: string, locale: Locale): Promise<PageMeta | null> {
  const match = /^\/news\/detail\/(\d{1,10})\/?$/.exec(path);
  const id = Number(match?.[1]);
  if (!match || !Number.isSafeInteger(id) || id < 1 || id > INT_MAX) return null;
  const article = await repo.findArticle(ctx.db, id);
  if (!article || !isVisible(article, nowIso())) return null;
  const description = (article.summary?.trim() || plainText(article.body)).slice(0, DESCRIPTION_MAX);
  return { title: `${article.title} - ${BRAND[locale]}`, description, type: 'article' };
}
