import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LearningRecord } from '../../../components/learning-record-view';
import { useLearningRecord } from '../../../lib/learning-record';
import { usePageTitle } from '../../../lib/use-page-title';

/** /reports/record/{userId}: one person's learning record, for an auditor's file (PDF) or Excel (XLSX, CSV). */
export function RecordPage() {
  const { t } = useTranslation('records');
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const record = useLearningRecord(userId);
  const title = record.data ? t('titleOf', { name: record.data.user.name }) : t('title');
  usePageTitle(title);
  return (
    <Stack maw={1100}>
      <Anchor component="button" type="button" size="sm" onClick={() => void navigate(-1)} w="fit-content">
        {t('back')}
      </Anchor>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      <LearningRecord of={userId} />
    </Stack>
  );
}
