import type { DbOrTrx } from '../../db/database';

export const findClientLogo = (db: DbOrTrx, clientId: string) =>
  db.selectFrom('clients').select(['logo_file', 'logo_mime']).where('id', '=', clientId).executeTakeFirst();
