import type {
  ForgotPasswordRequest,
  GoogleLoginRequest,
  LoginRequest,
  MessageResponse,
  ResendVerifyEmailRequest,
  ResetPasswordRequest,
  SignupRequest,
  UpdateProfileRequest,
  VerifyEmailRequest,
} from '@app/shared';
import { api } from '../../../lib/api-client.ts';

/** The account forms' calls; the session's own (profile, logout) are in lib/api/session.ts. */

export const login = (request: LoginRequest) => api.post<MessageResponse>('/user/login', request);

export const register = (request: SignupRequest) =>
  api.post<MessageResponse>('/user/register', request);

/** `token`: the ID token Google's button or one-tap handed over. */
export const signInWithGoogle = (request: GoogleLoginRequest) =>
  api.post<MessageResponse>('/auth/google', request);

export const forgotPassword = (request: ForgotPasswordRequest) =>
  api.post<MessageResponse>('/user/forgot-password', request);

export const resetPassword = (request: ResetPasswordRequest) =>
  api.post<MessageResponse>('/user/reset-password', request);

export const updateProfile = (request: UpdateProfileRequest) =>
  api.post<MessageResponse>('/user/update-profile', request);

/** Confirms the address a link was emailed to: the page's button, never the link's GET. */
export const verifyEmail = (request: VerifyEmailRequest) =>
  api.post<MessageResponse>('/user/verify-email', request);

export const resendVerifyEmail = (request: ResendVerifyEmailRequest) =>
  api.post<MessageResponse>('/user/verify-email/resend', request);
