import type { TodoItem } from '@mathbridge/contracts/workflow';
import { demandEndpoints as calls } from '@mathbridge/contracts/endpoints/demands';
import { api } from '../../../lib/api-client.ts';
import { cooperationPath, getCooperation } from './cooperation.ts';

/**
 * Where a cooperation to-do leads (issue 5), or null when the item is not about demands,
 * solutions or wishes. A solution's page is its demand's (enterprise) or the solutions list
 * (institute); a started cooperation opens its demand's page at the cooperation (either side).
 */
export async function cooperationTodoPath(item: TodoItem, isEnterprise: boolean): Promise<string | null> {
  switch (item.target_type) {
    case 'demand':
      return `/manage/demandManage/detail/${item.target_id}`;
    case 'solution': {
      if (!isEnterprise) return `/manage/solutions?id=${item.target_id}`;
      const solution = await api.call(calls.solutionDetail, { id: item.target_id });
      return `/manage/demandManage/detail/${solution.demand.id}`;
    }
    case 'cooperation':
      return cooperationPath(await getCooperation(item.target_id));
    case 'cooperate_wish':
      return `/manage/willManageE/detail/${item.target_id}`;
    default:
      return null;
  }
}
