import { useTranslation } from 'react-i18next';
import { SpacePage } from '../components/space-page.tsx';

/**
 * /manage/sharedTplFile (spec §6): template files everyone in the section can download. Admins
 * and verified research institutes publish (write/manage role); the others read.
 */
export default function SharedTemplatesPage() {
  const { t } = useTranslation();
  return (
    <SpacePage
      kind="shared_tpl"
      title={t('files.sharedTpl.title')}
      subtitle={(space) =>
        space.role === 'read' ? t('files.sharedTpl.subtitleRead') : t('files.sharedTpl.subtitleWrite')
      }
      rootLabel={t('files.sharedTpl.rootName')}
    />
  );
}
