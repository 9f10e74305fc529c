/** The key that makes "Acme" and " ACME " one company of a client (unique per client, migration 0014). */
export const companyKey = (name: string): string => name.trim().toLowerCase();
