// Moved to the clients feature, which owns the one shared check; this re-export keeps older imports working.
export { assertMayActOnClient } from '../clients';
