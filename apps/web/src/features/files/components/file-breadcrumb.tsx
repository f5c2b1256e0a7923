import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

interface FileBreadcrumbProps {
  /** The folders from the space's top folder to the one shown (its first step is the top folder). */
  path: readonly { id: number; name: string }[] | undefined;
  rootId: number | undefined;
  rootLabel: string;
  trash: boolean;
}

/** Where the list is: "<root> / … / folder" (the last step current), or "<root> / Trash". */
export function FileBreadcrumb({ path, rootId, rootLabel, trash }: FileBreadcrumbProps) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const searchFor = (id: number) => {
    const out = new URLSearchParams(search);
    out.delete('view');
    if (id === rootId) out.delete('folder');
    else out.set('folder', String(id));
    const text = out.toString();
    return text ? `?${text}` : '?';
  };

  const steps: { id: number; label: ReactNode; current: boolean }[] = trash
    ? [
        { id: rootId ?? 0, label: rootLabel, current: false },
        { id: -1, label: t('files.trash.title'), current: true },
      ]
    : (path ?? [{ id: rootId ?? 0, name: rootLabel }]).map((step, index, all) => ({
        id: step.id,
        label: index === 0 ? rootLabel : step.name,
        current: index === all.length - 1,
      }));

  return (
    <nav aria-label={t('files.breadcrumb.label')} className="mb-file-breadcrumb">
      <Breadcrumb
        items={steps.map((step, index) => {
          const label = (
            <>
              {index === 0 && <HomeOutlined aria-hidden />} {step.label}
            </>
          );
          return {
            key: step.id,
            title: step.current ? (
              <span aria-current="page">{label}</span>
            ) : (
              <Link to={{ search: searchFor(step.id) }}>{label}</Link>
            ),
          };
        })}
      />
    </nav>
  );
}
