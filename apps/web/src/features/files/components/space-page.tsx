import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SpaceInfo } from '@mathbridge/contracts/files';
import { LoadError } from '../../../components/load-error.tsx';
import { useSpaceOfKind } from '../api/get-spaces.ts';
import { FileManager } from './file-manager.tsx';

interface SpacePageProps {
  /** Space kind as GET upload/spaces names it: 'personal', 'shared_tpl'. */
  kind: string;
  title: string;
  subtitle: (space: SpaceInfo) => string;
  rootLabel: string;
}

/** A page showing one of the caller's spaces by kind, with loading, error and no-access states. */
export function SpacePage({ kind, title, subtitle, rootLabel }: SpacePageProps) {
  const { t } = useTranslation();
  const spaces = useSpaceOfKind(kind);
  let body;
  if (spaces.isError) body = <LoadError onRetry={() => void spaces.refetch()} />;
  else if (spaces.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (!spaces.space) body = <Result status="403" title={t('files.noSpace')} />;
  else body = <FileManager spaceId={spaces.space.id} rootLabel={rootLabel} />;
  return (
    <>
      <header className="mb-page-header">
        <h1>{title}</h1>
        {spaces.space && <span className="mb-muted">{subtitle(spaces.space)}</span>}
      </header>
      {body}
    </>
  );
}
