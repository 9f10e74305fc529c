import { LOCALES, type TLocale } from '@lms/contracts/constants';
import type { TCourseFile } from '@lms/contracts/course-files';
import { Checkbox, FileInput, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { isLocale } from '../../../lib/i18n';
import { uploadCourseFile } from '../api/courses';
import { UploadForm } from './upload-form';
import { useUpload } from './use-upload';

interface Props {
  courseId: string;
  file?: TCourseFile;
  onDone: () => void;
}

/** A course file (spec section 3): locale, the download's file name, a PDF and an optional logo graphic. */
export function CourseFileForm({ courseId, file, onDone }: Props) {
  const { t, i18n } = useTranslation('courses');
  const errorText = useErrorText();
  const [locale, setLocale] = useState<TLocale>(file?.locale ?? (isLocale(i18n.language) ? i18n.language : 'de-DE'));
  const [fileName, setFileName] = useState(file?.fileName ?? '');
  const [pdf, setPdf] = useState<File | null>(null);
  const [logo, setLogo] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const { progress, error, setError, run } = useUpload(errorText);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = fileName.trim() || pdf?.name || '';
    if (!name) return setError(t('files.nameRequired'));
    if (!file && !pdf) return setError(t('files.pdfRequired'));
    await run(async (onProgress) => {
      await uploadCourseFile(
        courseId,
        file?.id ?? null,
        { locale, fileName: name, removeLogo },
        { pdf, logo },
        onProgress,
      );
      // The page remounts its "add" form after a save (use-course-items.ts formKey): no field is reset by hand.
      onDone();
    });
  };

  return (
    <UploadForm
      onSubmit={submit}
      error={error}
      progress={progress}
      progressLabel={t('files.uploading')}
      submitLabel={t(file ? 'files.save' : 'files.upload')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          label={t('files.locale')}
          value={locale}
          onChange={(e) => setLocale(e.currentTarget.value as TLocale)}
          data={LOCALES.map((l) => ({ value: l, label: t(`locales.${l}`) }))}
        />
        <TextInput
          label={t('files.fileName')}
          description={t('files.fileNameHint')}
          value={fileName}
          maxLength={200}
          onChange={(e) => setFileName(e.currentTarget.value)}
        />
        <FileInput
          label={t(file ? 'files.replacePdf' : 'files.pdf')}
          accept="application/pdf,.pdf"
          value={pdf}
          onChange={setPdf}
          clearable
        />
        <FileInput
          label={t('files.logo')}
          description={t('files.logoHint')}
          accept="image/png,image/jpeg,image/webp"
          value={logo}
          onChange={setLogo}
          clearable
        />
      </SimpleGrid>
      {file?.hasLogo && (
        <Checkbox
          label={t('files.removeLogo')}
          checked={removeLogo}
          onChange={(e) => setRemoveLogo(e.currentTarget.checked)}
        />
      )}
    </UploadForm>
  );
}
