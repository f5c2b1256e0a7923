import { Collapse, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ManualPage } from '@mathbridge/contracts/content';
import { LoadError } from '../../../components/load-error.tsx';
import { MarkdownView } from '../../../components/markdown/markdown-view.tsx';
import { useLocale } from '../../../i18n/locale.ts';
import { formatDate } from '../../../lib/format.ts';
import { useUserManual } from '../api/onboarding.ts';

const BUILTIN_HINTS = ['account', 'identity', 'workspace', 'todos', 'help'] as const;

/** What to read when the admins have not written the manual yet: the platform in five lines. */
function BuiltinManual() {
  const { t } = useTranslation();
  return (
    <div className="mb-onboarding-manual-empty" data-testid="manual-builtin">
      <h3>{t('onboarding.manual.emptyTitle')}</h3>
      <p className="mb-muted">{t('onboarding.manual.emptyIntro')}</p>
      <ul>
        {BUILTIN_HINTS.map((hint) => (
          <li key={hint}>{t(`onboarding.manual.builtin.${hint}`)}</li>
        ))}
      </ul>
    </div>
  );
}

function PageLabel({ page }: { page: ManualPage }) {
  const { t } = useTranslation();
  return (
    <span className="mb-onboarding-manual-label">
      <span>{page.title}</span>
      <Tag>{page.audience === 'all' ? t('onboarding.manual.forAll') : t(`roles.${page.audience}`)}</Tag>
    </span>
  );
}

/** The user's manual (index/userManual): pages for their roles and for everyone, one open at a time. */
export function UserManual() {
  const { t } = useTranslation();
  const locale = useLocale();
  const manual = useUserManual();
  let body;
  if (manual.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (manual.isError) body = <LoadError onRetry={() => void manual.refetch()} />;
  else if (manual.data.length === 0) body = <BuiltinManual />;
  else {
    body = (
      <Collapse
        accordion
        defaultActiveKey={String(manual.data[0]?.id)}
        items={manual.data.map((page) => ({
          key: String(page.id),
          label: <PageLabel page={page} />,
          children: (
            <>
              <MarkdownView source={page.body} />
              <p className="mb-muted mb-onboarding-manual-updated">
                {t('onboarding.manual.updated', { date: formatDate(page.updated_at, locale) })}
              </p>
            </>
          ),
        }))}
      />
    );
  }
  return (
    <section className="mb-onboarding-manual" aria-labelledby="mb-onboarding-manual-title">
      <header>
        <h2 id="mb-onboarding-manual-title">{t('onboarding.manual.title')}</h2>
        <p className="mb-muted">{t('onboarding.manual.subtitle')}</p>
      </header>
      {body}
    </section>
  );
}
