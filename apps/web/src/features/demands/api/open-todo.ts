import type { TodoItem } from '@mathbridge/contracts/workflow';
import { api } from '../../../lib/api-client.ts';

/**
 * Where a cooperation to-do leads (issue 5), or null when the item is not about demands,
 * solutions or wishes. A solution's page is its demand's (enterprise) or the solutions list
 * (institute); a started cooperation has no page of its own yet, so it opens the lists.
 */
export async function cooperationTodoPath(item: TodoItem, isEnterprise: boolean): Promise<string | null> {
  switch (item.target_type) {
    case 'demand':
      return `/manage/demandManage/detail/${item.target_id}`;
    case 'solution': {
      if (!isEnterprise) return `/manage/solutions?id=${item.target_id}`;
      const solution = await api.get<{ demand: { id: number } }>(`solution/detail/${item.target_id}`);
      return `/manage/demandManage/detail/${solution.demand.id}`;
    }
    case 'cooperation':
      return isEnterprise ? '/manage/demandManage/list?status=published' : '/manage/solutions?status=accepted';
    case 'cooperate_wish':
      return `/manage/willManageE/detail/${item.target_id}`;
    default:
      return null;
  }
}
