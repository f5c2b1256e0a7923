import { Alert, Card } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { JoinProjectPage } from '../components/join-project-page.tsx';

export interface SharedFilePageProps {
  /** The file manager of one space (features/files), handed in by the app: a feature imports no other. */
  FileManager: ComponentType<{ spaceId: number; rootLabel: string }>;
}

/**
 * sharedFile of a subject or direction (subjectManage/sharedFile/:id, directionManage/sharedFile/:id,
 * subjectManageS/sharedFile?id=, directionManageStu/sharedFile?id=): the project's shared space in
 * the file manager. The server makes the owner and members members of the space (upload_files
 * writes); others get no space and a notice.
 */
export function SharedFilePage({ FileManager }: SharedFilePageProps) {
  const { t } = useTranslation();
  return (
    <JoinProjectPage subtitle={t('research.join.files.subtitle')}>
      {(project) =>
        project.space_id === null ? (
          <Card variant="borderless">
            <Alert type="info" showIcon title={t('research.join.files.noAccess')} data-testid="files-no-access" />
          </Card>
        ) : (
          <>
            {!project.is_owner && !project.my_permissions.includes('upload_files') && (
              <Alert type="info" showIcon title={t('research.join.files.readOnly')} style={{ marginBottom: 12 }} />
            )}
            <FileManager spaceId={project.space_id} rootLabel={project.title} />
          </>
        )
      }
    </JoinProjectPage>
  );
}
