import { LEGAL_TEXT_KINDS } from '@lms/contracts/legal-texts';
import { can, scopeOf } from '@lms/contracts/permissions';
import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NamedLoader } from '../../../components/named-loader';
import { useAuth } from '../../../lib/auth-store';
import { useErrorText } from '../../../lib/error-text';
import { useClientLegalTexts } from '../api/legal-texts';
import { LegalTextForm } from './legal-text-form';

/**
 * The client screen's "legal texts" tab (issue 11 point 3): the imprint and the privacy policy, each with its
 * type and the editor that type needs. A RESELLER_COORDINATOR reads only; the root client's texts (what CSX shows
 * on every client) are changed only by a SUPERADMIN (PERMISSIONS.md "platform texts").
 */
export function LegalTextsTab({ clientId }: { clientId: string }) {
  const { t } = useTranslation('legal');
  const errorText = useErrorText();
  const role = useAuth().user?.role;
  const texts = useClientLegalTexts(clientId);
  if (texts.isPending) return <NamedLoader label={t('loading')} />;
  if (texts.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(texts.error)}
      </Alert>
    );
  const data = texts.data;
  const readOnlyRole = !role || scopeOf(role, 'clients.administer') === 'resold-read';
  const rootLocked = data.isRoot && !!role && !can(role, 'platform.texts');
  const readOnly = readOnlyRole || rootLocked;
  return (
    <Stack gap="lg">
      <Text>{t('tab.intro')}</Text>
      {readOnly && (
        <Alert color="gray" variant="light" role="note">
          {rootLocked && !readOnlyRole ? t('tab.rootOnly') : t('tab.readOnly')}
        </Alert>
      )}
      {LEGAL_TEXT_KINDS.map((kind) => (
        <LegalTextForm
          key={`${kind}-${JSON.stringify(kind === 'imprint' ? data.imprint : data.privacyPolicy)}`}
          clientId={clientId}
          kind={kind}
          setting={kind === 'imprint' ? data.imprint : data.privacyPolicy}
          isRoot={data.isRoot}
          hasReseller={data.hasReseller}
          readOnly={readOnly}
        />
      ))}
    </Stack>
  );
}
