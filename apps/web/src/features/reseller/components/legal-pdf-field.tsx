import type { TLegalTextKind, TLegalTextSetting } from '@lms/contracts/legal-texts';
import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonButton } from '../../../components/reason-button';
import { showApiError } from '../../../lib/error-text';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { PdfViewer } from '../../../components/pdf-viewer';
import { clientLegalPdfPath, legalTextKeys, uploadClientLegalPdf } from '../api/legal-texts';

interface Props {
  clientId: string;
  kind: TLegalTextKind;
  pdf: TLegalTextSetting['pdf'];
  readOnly: boolean;
}

/** The uploaded PDF of a legal text: what is stored, a viewer on demand, and the upload (which makes it the type). */
export function LegalPdfField({ clientId, kind, pdf, readOnly }: Props) {
  const { t, i18n } = useTranslation('legal');
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [showing, setShowing] = useState(false);

  const upload = async () => {
    if (!file) return;
    setUploading(true);
    try {
      const saved = await uploadClientLegalPdf(clientId, kind, file);
      queryClient.setQueryData(legalTextKeys.one(clientId), saved);
      await queryClient.invalidateQueries({ queryKey: ['legal-text'] });
      notifySuccess(t('tab.uploaded'));
    } catch (err) {
      showApiError(err);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        {pdf
          ? t('tab.pdfCurrent', {
              name: pdf.fileName,
              size: formatBytes(pdf.size, i18n.language),
              date: formatDateTime(pdf.uploadedAt, i18n.language),
            })
          : t('tab.pdfNone')}
      </Text>
      {pdf && (
        <Group>
          <Button variant="default" size="xs" onClick={() => setShowing((s) => !s)}>
            {showing ? t('tab.pdfHide') : t('tab.pdfShow')}
          </Button>
        </Group>
      )}
      {pdf && showing && (
        <PdfViewer path={clientLegalPdfPath(clientId, kind)} title={t(`kinds.${kind}`)} fileName={pdf.fileName} />
      )}
      {!readOnly && (
        <Group align="flex-end">
          <FileInput
            label={t('tab.pdfLabel')}
            placeholder={t('tab.pdfPlaceholder')}
            accept="application/pdf"
            value={file}
            onChange={setFile}
            clearable
            w={320}
            maw="100%"
          />
          <ReasonButton
            onClick={() => void upload()}
            loading={uploading}
            disabledReason={file ? null : t('forms:choosePdfFirst')}
          >
            {t('tab.pdfUpload')}
          </ReasonButton>
        </Group>
      )}
    </Stack>
  );
}
