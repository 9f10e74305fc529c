import type { TBillingAddressInput, TPaymentMethod } from '@lms/contracts/premium';
import { Radio, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from './countries';

export type AddressErrors = Partial<Record<keyof TBillingAddressInput, string>>;

/** The checks of ZBillingAddress, as messages beside the fields (the server checks the same). */
export function addressErrors(a: TBillingAddressInput, t: (key: string) => string): AddressErrors {
  const errors: AddressErrors = {};
  for (const key of ['name', 'street', 'number', 'zip', 'place'] as const)
    if (!a[key]?.trim()) errors[key] = t('address.required');
  if (!/^[A-Za-z]{2}$/.test(a.country.trim())) errors.country = t('address.countryInvalid');
  if (a.customerKind === 'company' && !a.company?.trim()) errors.company = t('address.companyRequired');
  return errors;
}

interface Props {
  address: TBillingAddressInput;
  onAddress: (address: TBillingAddressInput) => void;
  errors: AddressErrors;
  methods: TPaymentMethod[];
  method: TPaymentMethod;
  onMethod: (method: TPaymentMethod) => void;
}

/** Step 2: the billing address (private or company customer) and the way to pay. */
export function BillingStep({ address, onAddress, errors, methods, method, onMethod }: Props) {
  const { t, i18n } = useTranslation('premium');
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const field = (key: keyof TBillingAddressInput, label: string, autoComplete: string) => (
    <TextInput
      label={t(label)}
      value={address[key] ?? ''}
      onChange={(e) => onAddress({ ...address, [key]: e.currentTarget.value })}
      error={errors[key]}
      autoComplete={autoComplete}
      required={key !== 'vatId'}
    />
  );
  return (
    <Stack gap="md">
      <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" fw={700}>
          {t('address.legend')}
        </Text>
        <div>
          <Text size="sm" fw={500} id="customer-kind">
            {t('address.customerKind')}
          </Text>
          <SegmentedControl
            aria-labelledby="customer-kind"
            value={address.customerKind}
            onChange={(value) => onAddress({ ...address, customerKind: value })}
            data={[
              { value: 'private', label: t('address.private') },
              { value: 'company', label: t('address.company') },
            ]}
          />
        </div>
        {address.customerKind === 'company' && field('company', 'address.companyName', 'organization')}
        {field('name', 'address.name', 'name')}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('street', 'address.street', 'address-line1')}
          {field('number', 'address.number', 'address-line2')}
          {field('zip', 'address.zip', 'postal-code')}
          {field('place', 'address.place', 'address-level2')}
        </SimpleGrid>
        <Select
          label={t('address.country')}
          data={countries}
          value={address.country ? address.country.toUpperCase() : null}
          onChange={(code) => onAddress({ ...address, country: code ?? '' })}
          error={errors.country}
          searchable
          required
          autoComplete="country"
          nothingFoundMessage={t('address.countryNone')}
          comboboxProps={{ withinPortal: true }}
        />
        {address.customerKind === 'company' && field('vatId', 'address.vatId', 'off')}
      </Stack>
      <Radio.Group label={t('method.legend')} value={method} onChange={(value) => onMethod(value)} name="method">
        <Stack gap="xs" mt="xs">
          {methods.map((m) => (
            <Radio key={m} value={m} label={t(`method.${m}`)} description={t(`method.${m}Hint`)} />
          ))}
        </Stack>
      </Radio.Group>
    </Stack>
  );
}
