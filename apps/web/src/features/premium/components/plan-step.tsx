import type { TPremiumOffer, TPremiumPlan } from '@lms/contracts/premium';
import { Badge, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCents } from './money';

interface Props {
  offer: TPremiumOffer;
  plan: TPremiumPlan;
  onChange: (plan: TPremiumPlan) => void;
}

/** Step 1: monthly or yearly, each price with its footnote marker, the yearly discount as a percentage. */
export function PlanStep({ offer, plan, onChange }: Props) {
  const { t, i18n } = useTranslation('premium');
  return (
    <Stack gap="sm">
      <Radio.Group value={plan} onChange={(value) => onChange(value)} label={t('plan.legend')} name="plan">
        <Stack gap="sm" mt="xs">
          {offer.plans.map((p) => (
            <Paper key={p.plan} withBorder p="md" radius="md">
              <Radio
                value={p.plan}
                label={
                  <Group gap="sm" wrap="wrap">
                    <Text fw={700}>{t(`plan.${p.plan}`)}</Text>
                    <Text data-testid={`price-${p.plan}`}>
                      {formatCents(p.grossCents, offer.currency, i18n.language)}
                      <sup aria-hidden>*</sup> {t(p.plan === 'monthly' ? 'plan.perMonth' : 'plan.perYear')}
                    </Text>
                    {p.plan === 'yearly' && offer.yearlyDiscountPercent > 0 && (
                      <Badge color="#1b5e20" c="white" variant="filled">
                        {t('plan.discount', { percent: offer.yearlyDiscountPercent })}
                      </Badge>
                    )}
                  </Group>
                }
                description={
                  p.plan === 'yearly' && offer.yearlyDiscountPercent > 0
                    ? t('plan.discountLong', { percent: offer.yearlyDiscountPercent })
                    : undefined
                }
              />
            </Paper>
          ))}
        </Stack>
      </Radio.Group>
      <Text size="sm" c="dimmed">
        <span aria-hidden>* </span>
        {t('plan.footnote', {
          rate: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(offer.vatRatePercent),
        })}
      </Text>
    </Stack>
  );
}
