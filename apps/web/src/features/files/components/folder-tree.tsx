import { FolderFilled, FolderOpenFilled } from '@ant-design/icons';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Tree, type TreeDataNode } from 'antd';
import type { Key } from 'react';
import type { FileNode } from '@mathbridge/contracts/files';
import { subfoldersQueryOptions } from '../api/get-folder.ts';

interface FolderTreeProps {
  spaceId: number;
  rootId: number;
  rootLabel: string;
  selectedId: number;
  onSelect: (id: number, name: string) => void;
  expanded: readonly number[];
  onExpandedChange: (ids: number[]) => void;
  /** Folders that cannot be chosen, with everything below them (the folders being moved). */
  disabledIds?: ReadonlySet<number>;
  ariaLabel: string;
}

/**
 * The folders of a space as a tree, loaded a level at a time as the user opens them. Used beside
 * the file list and as the folder picker of "move".
 */
export function FolderTree({
  spaceId,
  rootId,
  rootLabel,
  selectedId,
  onSelect,
  expanded,
  onExpandedChange,
  disabledIds,
  ariaLabel,
}: FolderTreeProps) {
  const queryClient = useQueryClient();
  const parents = [...new Set([rootId, ...expanded])];
  const children = useQueries({
    queries: parents.map((id) => subfoldersQueryOptions(spaceId, id)),
    combine: (results) => new Map(parents.map((id, i) => [id, results[i]?.data] as const)),
  });

  const names = new Map<number, string>([[rootId, rootLabel]]);
  const build = (id: number, title: string, disabledBranch: boolean, depth: number): TreeDataNode => {
    const disabled = disabledBranch || (disabledIds?.has(id) ?? false);
    const kids: FileNode[] | undefined = children.get(id);
    names.set(id, title);
    return {
      key: id,
      title,
      disabled,
      isLeaf: kids !== undefined && kids.length === 0,
      // Depth guard: the server allows 32 levels; a cycle cannot happen, this only bounds the walk.
      children: kids && depth < 64 ? kids.map((kid) => build(kid.id, kid.name, disabled, depth + 1)) : undefined,
    };
  };
  const treeData = [build(rootId, rootLabel, false, 0)];

  return (
    <Tree
      className="mb-folder-tree"
      aria-label={ariaLabel}
      treeData={treeData}
      showIcon
      icon={(props) => ((props as { expanded?: boolean }).expanded ? <FolderOpenFilled /> : <FolderFilled />)}
      blockNode
      selectedKeys={[selectedId]}
      expandedKeys={[...expanded]}
      onExpand={(keys: Key[]) => onExpandedChange(keys.map(Number))}
      loadData={(node) =>
        queryClient.ensureQueryData(subfoldersQueryOptions(spaceId, Number(node.key))).then(() => undefined)
      }
      onSelect={(_keys, info) => {
        const id = Number(info.node.key);
        onSelect(id, names.get(id) ?? '');
      }}
    />
  );
}
