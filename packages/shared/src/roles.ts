/** What a signed-in user may do: every account is a customer; the business's are owners too. */
export const USER_ROLES = ['customer', 'owner'] as const;
export type UserRole = (typeof USER_ROLES)[number];
