import { useTranslation } from 'react-i18next';

/**
 * Placeholder for one accepted notebook, read-only (/achievement/{id}): the notebooks feature's
 * version (NotebookView) replaces this file on merge (issue 12).
 */
export default function AchievementDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <div className="mb-container mb-page" data-notebook-id={id}>
      <h1>{t('pages.achievement')}</h1>
      <p>{t('notebooks.placeholder')}</p>
    </div>
  );
}
