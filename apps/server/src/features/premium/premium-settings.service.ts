import { audit, auditWhoOf, changedFields } from '../../platform/audit/audit-actor';
import {
  splitGross,
  yearlyDiscountPercent,
  type TPlanPrice,
  type TPremiumSettings,
  type ZSavePremiumSettingsBody,
} from '@lms/contracts/premium';
import type { z } from 'zod';
import type { DbOrTrx } from '../../db/database';
import type { AppDeps } from '../../platform/deps';
import { nowIso } from '../../platform/ids';
import type { Actor } from '../../platform/session';
import { assertMayActOnClient } from '../clients';
import { findSettings, upsertSettings, type SettingsRow } from './premium.repository';

/** Spec section 3 "client prices and invoice data" live with the client's administration (PERMISSIONS.md). */
export const SETTINGS_CAPABILITY = 'clients.administer';

/** A client that never saved premium settings sells no premium. */
const NONE: TPremiumSettings = {
  enabled: false,
  monthlyCents: 0,
  yearlyCents: 0,
  currency: 'EUR',
  vatRateBasisPoints: 1900,
  bankAccountHolder: '',
  iban: '',
  bic: '',
  bankName: '',
  sellerVatId: '',
};

export const presentSettings = (row: SettingsRow | undefined): TPremiumSettings =>
  row
    ? {
        enabled: row.is_enabled,
        monthlyCents: row.monthly_cents,
        yearlyCents: row.yearly_cents,
        currency: row.currency as TPremiumSettings['currency'],
        vatRateBasisPoints: row.vat_rate_bp,
        bankAccountHolder: row.bank_account_holder,
        iban: row.iban,
        bic: row.bic,
        bankName: row.bank_name,
        sellerVatId: row.seller_vat_id,
      }
    : NONE;

export const loadSettings = async (db: DbOrTrx, clientId: string): Promise<TPremiumSettings> =>
  presentSettings(await findSettings(db, clientId));

export const PLAN_MONTHS = { monthly: 1, yearly: 12 } as const;

export function planPrices(s: TPremiumSettings): TPlanPrice[] {
  return (['monthly', 'yearly'] as const).map((plan) => {
    const grossCents = plan === 'monthly' ? s.monthlyCents : s.yearlyCents;
    return { plan, grossCents, ...splitGross(grossCents, s.vatRateBasisPoints), months: PLAN_MONTHS[plan] };
  });
}

export const discountOf = (s: TPremiumSettings): number => yearlyDiscountPercent(s.monthlyCents, s.yearlyCents);

/** Prepayment needs an account to pay to. */
export const prepaymentPossible = (s: TPremiumSettings): boolean => s.bankAccountHolder.length > 0 && s.iban.length > 0;

export async function getPremiumSettings(deps: AppDeps, actor: Actor, clientId: string): Promise<TPremiumSettings> {
  await assertMayActOnClient(deps.db, actor, SETTINGS_CAPABILITY, clientId, 'read');
  return loadSettings(deps.db, clientId);
}

export async function savePremiumSettings(
  deps: AppDeps,
  actor: Actor,
  body: z.output<typeof ZSavePremiumSettingsBody>,
): Promise<TPremiumSettings> {
  await assertMayActOnClient(deps.db, actor, SETTINGS_CAPABILITY, body.clientId);
  await deps.db.transaction().execute(async (trx) => {
    const before = await loadSettings(trx, body.clientId);
    await upsertSettings(trx, {
      client_id: body.clientId,
      is_enabled: body.enabled,
      monthly_cents: body.monthlyCents,
      yearly_cents: body.yearlyCents,
      currency: body.currency,
      vat_rate_bp: body.vatRateBasisPoints,
      bank_account_holder: body.bankAccountHolder,
      iban: body.iban.replace(/\s+/g, '').toUpperCase(),
      bic: body.bic.toUpperCase(),
      bank_name: body.bankName,
      seller_vat_id: body.sellerVatId,
      last_invoice_seq: 0,
      updated_at: nowIso(),
    });
    const after = await loadSettings(trx, body.clientId);
    const diff = changedFields(before, after);
    if (diff)
      await audit(trx, auditWhoOf(actor), body.clientId, 'premium.changed', {
        object: { type: 'premium-settings', id: body.clientId },
        ...diff,
      });
  });
  return loadSettings(deps.db, body.clientId);
}
