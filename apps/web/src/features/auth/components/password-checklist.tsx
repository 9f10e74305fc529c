import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_CRITERIA } from '@lms/contracts/constants';
import { passwordCriteria, type TPasswordCriterion } from '@lms/contracts/password-rules';
import { Box, List, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const CRITERIA: TPasswordCriterion[] = ['lowercase', 'uppercase', 'digit', 'special'];

function Item({ rule, met, label, children }: { rule: string; met: boolean; label: string; children?: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <List.Item
      icon={
        <Box
          component="span"
          aria-hidden
          w={20}
          h={20}
          fz={12}
          fw={700}
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            borderRadius: '50%',
            color: met ? 'var(--mantine-color-white)' : 'var(--mantine-color-text)',
            background: met ? 'var(--mantine-color-green-9)' : 'var(--mantine-color-gray-2)',
          }}
        >
          {met ? '✓' : '•'}
        </Box>
      }
      data-rule={rule}
      data-met={met}
    >
      {label}
      <VisuallyHidden>{` (${t(met ? 'checklist.met' : 'checklist.notMet')})`}</VisuallyHidden>
      {children}
    </List.Item>
  );
}

/** The live checklist of spec section 5, from the same rules the server applies (contracts password-rules.ts). */
export function PasswordChecklist({
  password,
  repeat,
  minLength,
}: {
  password: string;
  repeat: string;
  minLength: number;
}) {
  const { t } = useTranslation('auth');
  const length = [...password].length;
  const criteria = passwordCriteria(password);
  const metCount = CRITERIA.filter((c) => criteria[c]).length;
  return (
    <Box aria-label={t('checklist.label')} role="group">
      <Text size="sm" fw={600} mb={4}>
        {t('checklist.label')}
      </Text>
      <List spacing={4} size="sm" center>
        <Item
          rule="length"
          met={length >= minLength && length <= PASSWORD_MAX_LENGTH}
          label={t('checklist.length', { min: minLength, max: PASSWORD_MAX_LENGTH })}
        />
        <Item
          rule="criteria"
          met={metCount >= PASSWORD_MIN_CRITERIA}
          label={t('checklist.criteria', { count: PASSWORD_MIN_CRITERIA })}
        >
          <List spacing={4} size="sm" center mt={4}>
            {CRITERIA.map((c) => (
              <Item key={c} rule={c} met={criteria[c]} label={t(`checklist.${c}`)} />
            ))}
          </List>
        </Item>
        <Item rule="repeat" met={repeat.length > 0 && repeat === password} label={t('checklist.repeat')} />
      </List>
    </Box>
  );
}

export function isPasswordAcceptable(password: string, repeat: string, minLength: number): boolean {
  const length = [...password].length;
  const met = Object.values(passwordCriteria(password)).filter(Boolean).length;
  return length >= minLength && length <= PASSWORD_MAX_LENGTH && met >= PASSWORD_MIN_CRITERIA && repeat === password;
}
