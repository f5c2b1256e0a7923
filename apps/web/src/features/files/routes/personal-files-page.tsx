import { useTranslation } from 'react-i18next';
import { SpacePage } from '../components/space-page.tsx';

/** /account/files: the user's personal file space (every signed-in user has one). */
export default function PersonalFilesPage() {
  const { t } = useTranslation();
  return (
    <SpacePage
      kind="personal"
      title={t('files.personal.title')}
      subtitle={() => t('files.personal.subtitle')}
      rootLabel={t('files.personal.rootName')}
    />
  );
}
