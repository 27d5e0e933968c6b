import type {
  MessageResponse,
  RevokeOtherSessionsResponse,
  RevokeSessionRequest,
  UserSessionsResponse,
} from '@app/shared';
import { api } from '../../../lib/api-client.ts';

/** The signed-in user's own sessions: each browser signed in to the account. */

export const listSessions = () => api.get<UserSessionsResponse>('/user/sessions');

export const endSession = (request: RevokeSessionRequest) =>
  api.post<MessageResponse>('/user/sessions/revoke', request);

export const endOtherSessions = () =>
  api.post<RevokeOtherSessionsResponse>('/user/sessions/revoke-others');
