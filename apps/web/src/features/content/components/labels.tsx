import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ArticleSummary } from '@mathbridge/contracts/content';

/** Published with a publish time still ahead: visitors see it from then on. */
export function isScheduled(article: Pick<ArticleSummary, 'status' | 'publish_at'>, now = Date.now()): boolean {
  return article.status === 'published' && !!article.publish_at && Date.parse(article.publish_at) > now;
}

const COLORS = { draft: 'default', published: 'success', withdrawn: 'warning', scheduled: 'processing' } as const;

/** An article's state as a tag; a published one with a future publish time is "scheduled". */
export function ArticleStatusTag({ article }: { article: Pick<ArticleSummary, 'status' | 'publish_at'> }) {
  const { t } = useTranslation();
  const state = isScheduled(article) ? 'scheduled' : article.status;
  return <Tag color={COLORS[state]}>{t(`content.states.${state}`)}</Tag>;
}
