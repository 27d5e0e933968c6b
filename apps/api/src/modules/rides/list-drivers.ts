import { asc, inArray } from 'drizzle-orm';
import { users, type Database } from '@app/db';
import { isStaffRole, STAFF_ROLES, type Driver } from '@app/shared';

/** Everyone who may drive a ride (`assignChauffeur`): the chauffeurs, then the owners, by name. */
export async function listDrivers(db: Database): Promise<Driver[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(asc(users.name), asc(users.id));
  const drivers = rows.flatMap(({ role, ...row }) => (isStaffRole(role) ? [{ ...row, role }] : []));
  return [
    ...drivers.filter((driver) => driver.role === 'chauffeur'),
    ...drivers.filter((driver) => driver.role === 'owner'),
  ];
}
