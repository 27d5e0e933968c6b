import type { CsrfTokenResponse, MessageResponse, ProfileResponse } from '@app/shared';
import { api } from '../api-client.ts';

/** The session's own calls; the sign-in forms' are in features/account/api. */

/** A CSRF token for the visitor's cookie (the server sets a cookie when there is none). */
export const getCsrfToken = () => api.get<CsrfTokenResponse>('/csrf-token');

/** The signed-in user, or `user: null` for a visitor. */
export const getProfile = () => api.get<ProfileResponse>('/user/profile');

export const logout = () => api.post<MessageResponse>('/user/logout');
