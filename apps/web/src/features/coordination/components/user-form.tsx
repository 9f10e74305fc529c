import { LOCALES } from '@lms/contracts/constants';
import { ROLES, type TRole } from '@lms/contracts/roles';
import { GENDERS, type TGroupRef } from '@lms/contracts/users';
import {
  Checkbox,
  Fieldset,
  MultiSelect,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import type { UserDraft } from './user-draft';

interface Props {
  draft: UserDraft;
  onChange: (draft: UserDraft) => void;
  mode: 'create' | 'edit';
  /** Externally managed users: everything but the role is read only (spec section 6). */
  external: boolean;
  /** Roles this actor may give (only SUPERADMIN gives ADMIN); empty: the role is not editable. */
  /** One's own status (active switch and window) is not one's to change (spec section 6, cannot_change_own_status). */
  isSelf?: boolean;
  assignableRoles: readonly TRole[];
  groups: readonly TGroupRef[];
  companies: ReadonlyArray<{ id: string; name: string }>;
  errors: Partial<Record<keyof UserDraft, ReactNode>>;
}

/** Every field of spec section 3 "User (admin view)" that can be edited. */
export function UserForm({
  draft,
  onChange,
  mode,
  external,
  isSelf = false,
  assignableRoles,
  groups,
  companies,
  errors,
}: Props) {
  const { t } = useTranslation('users');
  const set = <K extends keyof UserDraft>(key: K, value: UserDraft[K]) => onChange({ ...draft, [key]: value });
  const text = (key: keyof UserDraft, props: { required?: boolean; type?: 'email'; autoComplete?: string } = {}) => (
    <TextInput
      label={t(`fields.${key}`)}
      name={key}
      value={String(draft[key])}
      onChange={(e) => set(key, e.currentTarget.value as never)}
      disabled={external}
      error={errors[key]}
      {...props}
    />
  );
  // Issue 32: the app's own date picker in the reader's language, not the browser's native date input.
  const date = (key: 'birthday' | 'hiredSince' | 'activeFrom' | 'activeTo', disabled = external) => (
    <DateField
      label={t(`fields.${key}`)}
      name={key}
      value={draft[key]}
      onChange={(v) => set(key, v)}
      disabled={disabled}
      error={errors[key]}
    />
  );
  const roleOptions = [...new Set<TRole>([draft.role, ...assignableRoles])].filter((r) => ROLES.includes(r));
  return (
    <>
      <Fieldset legend={t('form.person')} disabled={external}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('firstName', { required: true, autoComplete: 'off' })}
          {text('lastName', { required: true, autoComplete: 'off' })}
          <NativeSelect
            label={t('fields.gender')}
            value={draft.gender}
            onChange={(e) => set('gender', e.currentTarget.value as UserDraft['gender'])}
            data={[
              { value: '', label: t('form.none') },
              ...GENDERS.map((g) => ({ value: g, label: t(`genders.${g}`) })),
            ]}
          />
          {date('birthday')}
          {text('street', { autoComplete: 'off' })}
          {text('city', { autoComplete: 'off' })}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('form.login')} disabled={external}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('email', { type: 'email', autoComplete: 'off' })}
          {text('username', { autoComplete: 'off' })}
          <NativeSelect
            label={t('fields.locale')}
            value={draft.locale}
            onChange={(e) => set('locale', e.currentTarget.value as UserDraft['locale'])}
            data={LOCALES.map((l) => ({ value: l, label: t(`locales.${l}`) }))}
          />
          <PasswordInput
            label={t(mode === 'create' ? 'fields.password' : 'fields.newPassword')}
            description={t(mode === 'create' ? 'form.passwordHint' : 'form.newPasswordHint')}
            name="password"
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': t('common:togglePassword') }}
            value={draft.password}
            onChange={(e) => set('password', e.currentTarget.value)}
            error={errors.password}
          />
        </SimpleGrid>
        {mode === 'create' && !draft.password && (
          <Checkbox
            mt="sm"
            label={t('form.sendActivationMail')}
            checked={draft.sendActivationMail}
            onChange={(e) => set('sendActivationMail', e.currentTarget.checked)}
          />
        )}
      </Fieldset>
      <Fieldset legend={t('form.organisation')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('personnelNumber', { autoComplete: 'off' })}
          <NativeSelect
            label={t('fields.company')}
            value={draft.companyId}
            disabled={external}
            onChange={(e) => set('companyId', e.currentTarget.value)}
            data={[{ value: '', label: t('form.none') }, ...companies.map((c) => ({ value: c.id, label: c.name }))]}
          />
          {date('hiredSince')}
          <NativeSelect
            label={t('fields.role')}
            value={draft.role}
            disabled={assignableRoles.length === 0}
            description={
              isSelf ? t('form.ownRoleFixed') : assignableRoles.length === 0 ? t('form.roleFixed') : undefined
            }
            onChange={(e) => set('role', e.currentTarget.value as TRole)}
            data={roleOptions.map((r) => ({
              value: r,
              label: t(`roles.${r}`),
              disabled: !assignableRoles.includes(r),
            }))}
          />
        </SimpleGrid>
        <MultiSelect
          mt="sm"
          label={t('fields.groups')}
          description={t('form.groupsHint')}
          data={groups.map((g) => ({ value: g.id, label: g.name, disabled: g.externallyManaged }))}
          value={draft.groupIds}
          onChange={(v) => set('groupIds', v)}
          disabled={external}
          error={errors.groupIds}
          searchable
          clearable
          nothingFoundMessage={t('form.noGroups')}
        />
      </Fieldset>
      <Fieldset legend={t('form.status')} disabled={external || isSelf}>
        {isSelf && (
          <Text size="sm" c="dimmed" mb="xs">
            {t('form.ownStatusFixed')}
          </Text>
        )}
        <Switch
          label={t('fields.active')}
          checked={draft.active}
          onChange={(e) => set('active', e.currentTarget.checked)}
          mb="sm"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {date('activeFrom', external || isSelf)}
          {date('activeTo', external || isSelf)}
        </SimpleGrid>
      </Fieldset>
    </>
  );
}
