import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_CRITERIA } from '@lms/contracts/constants';
import { passwordCriteria, type TPasswordCriterion } from '@lms/contracts/password-rules';
import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './password-checklist.module.css';

const CRITERIA: TPasswordCriterion[] = ['lowercase', 'uppercase', 'digit', 'special'];

interface ItemProps {
  rule: string;
  met: boolean;
  label: string;
  children?: ReactNode;
}

/** One rule: a mark (hidden from screen readers) and the state in words, which they read instead. */
function Item({ rule, met, label, children }: ItemProps) {
  const { t } = useTranslation('auth');
  return (
    <li data-rule={rule} data-met={met}>
      <Group gap="xs" wrap="nowrap" align="center">
        <span aria-hidden className={classes.mark} data-met={met}>
          {met ? '✓' : '•'}
        </span>
        <Text size="sm" component="span">
          {label}
          <VisuallyHidden>{` (${t(met ? 'checklist.met' : 'checklist.notMet')})`}</VisuallyHidden>
        </Text>
      </Group>
      {children}
    </li>
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
    <Box role="group" aria-label={t('checklist.label')}>
      <Text size="sm" fw={600} mb={4}>
        {t('checklist.label')}
      </Text>
      <ul className={classes.list}>
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
          <ul className={`${classes.list} ${classes.nested}`}>
            {CRITERIA.map((c) => (
              <Item key={c} rule={c} met={criteria[c]} label={t(`checklist.${c}`)} />
            ))}
          </ul>
        </Item>
        <Item rule="repeat" met={repeat.length > 0 && repeat === password} label={t('checklist.repeat')} />
      </ul>
    </Box>
  );
}

export function isPasswordAcceptable(password: string, repeat: string, minLength: number): boolean {
  const length = [...password].length;
  const met = Object.values(passwordCriteria(password)).filter(Boolean).length;
  return length >= minLength && length <= PASSWORD_MAX_LENGTH && met >= PASSWORD_MIN_CRITERIA && repeat === password;
}
