import type {
  BlockCreateRequest,
  BlockResponse,
  BlocksResponse,
  MessageResponse,
} from '@app/shared';
import { api } from '../../../lib/api-client.ts';

/** The blocks not yet over, soonest first, and the recent past ones. */
export function listBlocks(): Promise<BlocksResponse> {
  return api.get<BlocksResponse>('/admin/blocks');
}

export function createBlock(request: BlockCreateRequest): Promise<BlockResponse> {
  return api.post<BlockResponse>('/admin/blocks', request);
}

/** Removes a block; with `series`, also the following blocks of its series. */
export function deleteBlock(blockId: string, series = false): Promise<MessageResponse> {
  return api.post<MessageResponse>(
    `/admin/blocks/${encodeURIComponent(blockId)}/delete`,
    series ? { series: true } : undefined,
  );
}
