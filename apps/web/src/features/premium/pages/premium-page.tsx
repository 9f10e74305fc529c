import type { TBillingAddressInput, TPaymentMethod, TPremiumPlan } from '@lms/contracts/premium';
import { Alert, Anchor, Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useErrorText } from '../../../lib/error-text';
import { formatDay } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { createPurchase, refreshPremium, useOffer, usePurchase } from '../api/premium';
import { addressErrors, BillingStep, type AddressErrors } from '../components/billing-step';
import { formatCents } from '../components/money';
import { PlanStep } from '../components/plan-step';
import { PurchaseWaiting } from '../components/purchase-waiting';

const EMPTY_ADDRESS: TBillingAddressInput = {
  customerKind: 'private',
  name: '',
  street: '',
  number: '',
  zip: '',
  place: '',
  country: '',
  company: '',
  vatId: '',
};

const POPUP = 'width=520,height=720';

/** /premium (spec section 2 "premium flow"): step 1 the plan, step 2 the billing address and payment, then waiting. */
export function PremiumPage() {
  const { t, i18n } = useTranslation('premium');
  usePageTitle(t('title'));
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const offer = useOffer();
  const [step, setStep] = useState(0);
  const [plan, setPlan] = useState<TPremiumPlan>('yearly');
  const [address, setAddress] = useState<TBillingAddressInput | null>(null);
  const [method, setMethod] = useState<TPaymentMethod | null>(null);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [busy, setBusy] = useState(false);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const [purchaseId, setPurchaseId] = useState<string | null>(null);
  const [popupBlocked, setPopupBlocked] = useState(false);
  const popup = useRef<Window | null>(null);
  const pendingId = purchaseId ?? offer.data?.status.pendingPurchaseId ?? null;
  const purchase = usePurchase(pendingId);
  const state = purchase.data?.status;

  // The state changed (paid or failed): the offer, the catalogue and the invoices are stale.
  useEffect(() => {
    if (state && state !== 'pending') {
      popup.current?.close();
      void refreshPremium(queryClient);
    }
  }, [state, queryClient]);

  if (offer.isPending) return <PageLoader />;
  if (offer.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(offer.error)}
      </Alert>
    );
  const o = offer.data;
  const currentAddress = address ?? o.billingAddress ?? EMPTY_ADDRESS;
  const currentMethod = method ?? o.methods[0] ?? 'prepayment';
  const price = o.plans.find((p) => p.plan === plan);

  const openPaypal = (url: string) => {
    const win = window.open(url, 'paypal', POPUP);
    popup.current = win;
    setPopupBlocked(!win);
  };

  const buy = async () => {
    const found = addressErrors(currentAddress, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setSubmitError(null);
    // Opened in the click itself, or the browser blocks it; it gets PayPal's address once the order exists.
    const win = currentMethod === 'paypal' ? window.open('', 'paypal', POPUP) : null;
    try {
      const created = await createPurchase({ plan, method: currentMethod, billingAddress: currentAddress });
      if (created.approveUrl) {
        if (win) win.location.href = created.approveUrl;
        popup.current = win;
        setPopupBlocked(!win);
      }
      setPurchaseId(created.id);
      queryClient.setQueryData(['premium', 'purchase', created.id], created);
    } catch (err) {
      win?.close();
      setSubmitError(err);
    } finally {
      setBusy(false);
    }
  };

  const header = (
    <div>
      <Title order={1}>{t('title')}</Title>
      <Text c="dimmed">{t('intro')}</Text>
      <Anchor component={Link} to="/premium/invoices" size="sm">
        {t('invoicesLink')}
      </Anchor>
    </div>
  );

  if (state === 'paid' || (o.status.active && !purchase.data)) {
    return (
      <Stack>
        {header}
        <Alert color="green" variant="light" role="status" data-testid="premium-active">
          <Stack gap={4}>
            {state === 'paid' && <Text fw={700}>{t('paid')}</Text>}
            {o.status.activeUntil && (
              <Text>{t('active', { date: formatDay(o.status.activeUntil, i18n.language) })}</Text>
            )}
            <Anchor component={Link} to="/">
              {t('catalogueLink')}
            </Anchor>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  if (purchase.data && state === 'pending')
    return (
      <Stack>
        {header}
        <PurchaseWaiting purchase={purchase.data} popupBlocked={popupBlocked} onOpenPaypal={openPaypal} />
      </Stack>
    );
  if (!o.available)
    return (
      <Stack>
        {header}
        <Alert color="gray" variant="light">
          {t('notAvailable')}
        </Alert>
      </Stack>
    );

  return (
    <Stack>
      {header}
      {state === 'failed' && (
        <Alert color="red" variant="light" role="alert">
          {t('failed')}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <Stepper active={step} onStepClick={(s) => s < step && setStep(s)} size="sm">
          <Stepper.Step label={t('steps.plan')}>
            <PlanStep offer={o} plan={plan} onChange={setPlan} />
            <Group justify="flex-end" mt="md">
              <Button onClick={() => setStep(1)}>{t('next')}</Button>
            </Group>
          </Stepper.Step>
          <Stepper.Step label={t('steps.address')}>
            <BillingStep
              address={currentAddress}
              onAddress={setAddress}
              errors={errors}
              methods={o.methods}
              method={currentMethod}
              onMethod={setMethod}
            />
            {price && (
              <Text fw={700} mt="md" data-testid="purchase-summary">
                {t('summary', {
                  plan: t(`planName.${plan}`),
                  price: formatCents(price.grossCents, o.currency, i18n.language),
                })}
              </Text>
            )}
            {submitError !== null && (
              <Alert color="red" variant="light" role="alert" mt="sm">
                {errorText(submitError)}
              </Alert>
            )}
            <Group justify="space-between" mt="md">
              <Button variant="default" onClick={() => setStep(0)}>
                {t('back')}
              </Button>
              <Button onClick={() => void buy()} loading={busy}>
                {t('buy')}
              </Button>
            </Group>
          </Stepper.Step>
        </Stepper>
      </Paper>
    </Stack>
  );
}
