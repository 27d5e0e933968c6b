import type { BillRules, BillRulesRequest } from '@app/shared';
import { api } from '../../../lib/api-client.ts';

export type BillRulesState = BillRules & { ownerSet: boolean };

/** The owner's rules for bills after the ride, and whether they are the owner's or the defaults. */
export const getBillRules = () => api.get<BillRulesState>('/admin/bill-rules');

export const saveBillRules = (rules: BillRulesRequest) =>
  api.post<BillRulesState>('/admin/bill-rules', rules);
