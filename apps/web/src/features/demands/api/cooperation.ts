import type { CooperationDetail } from '@mathbridge/contracts/demands';
import { demandEndpoints as calls } from '@mathbridge/contracts/endpoints/demands';
import { api } from '../../../lib/api-client.ts';

/** GET demand/cooperation/:id: the cooperation a `cooperationStarted` to-do points at. */
export function getCooperation(id: number): Promise<CooperationDetail> {
  return api.call(calls.cooperation, { id });
}

/** Where a cooperation is shown: its demand's detail (with the accepted solution), on the viewer's side. */
export function cooperationPath(cooperation: CooperationDetail): string {
  const section = cooperation.viewer === 'institute' ? 'demandManageRI' : 'demandManage';
  return `/manage/${section}/detail/${cooperation.demand_id}#cooperation`;
}
