import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { AppointmentRequestsTable } from './appointment.table';

export async function insertAppointmentRequest(db: DbOrTrx, row: Insertable<AppointmentRequestsTable>): Promise<void> {
  await db.insertInto('appointment_requests').values(row).execute();
}
