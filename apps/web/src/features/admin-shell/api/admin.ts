import type {
  AdminSessionResponse,
  MfaConfirmRequest,
  MfaConfirmResponse,
  MfaEnrolResponse,
  MfaVerifyRequest,
  MfaVerifyResponse,
} from '@app/shared';
import { api } from '../../../lib/api-client.ts';

/** The owner's second factor (`/api/admin/…`, an owner's session before the factor too). */

export const getAdminSession = () => api.get<AdminSessionResponse>('/admin/session');

export const startEnrolment = () => api.post<MfaEnrolResponse>('/admin/mfa/enrol');

export const confirmEnrolment = (request: MfaConfirmRequest) =>
  api.post<MfaConfirmResponse>('/admin/mfa/confirm', request);

export const verifyMfa = (request: MfaVerifyRequest) =>
  api.post<MfaVerifyResponse>('/admin/mfa/verify', request);
