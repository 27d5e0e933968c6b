/**
 * What a signed-in user may do: every account is a customer; the business's are owners, or
 * chauffeurs (who see only the rides they drive).
 */
export const USER_ROLES = ['customer', 'owner', 'chauffeur'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * The business's own roles. A staff account's session
 * must pass the second factor before it may do anything but pass it, sign out and say who is
 * signed in (docs/security.md, V6 and V8). An owner is made at the command line only; a chauffeur
 * there or by an owner in the console; either way giving the role is a new credential
 * (`promoteToStaff`).
 */
export const STAFF_ROLES = ['owner', 'chauffeur'] as const satisfies readonly UserRole[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(role: UserRole): role is StaffRole {
  return (STAFF_ROLES as readonly UserRole[]).includes(role);
}

/**
 * Whether a signed-in profile is a staff session still to pass the second factor
 * (`PendingStaffProfile`). Kept here, free of zod, because every page's header asks it and the
 * schemas load only with the pages that validate.
 */
export function isPendingStaff<Full extends object, Pending extends { secondFactor: 'required' }>(
  profile: Full | Pending,
): profile is Pending {
  return 'secondFactor' in profile;
}
