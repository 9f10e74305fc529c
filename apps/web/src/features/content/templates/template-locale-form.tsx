import type { TLocale } from '@lms/contracts/constants';
import { Button, Code, FileButton, Group, List, Stack, Text, TextInput, Textarea, Title, Tooltip } from '@mantine/core';
import type { LocaleFormSpec } from './template-kind';

interface Props<Content, Saved> {
  spec: LocaleFormSpec<Content, Saved>;
  locale: TLocale;
  draft: Content;
  saved: Saved | undefined;
  onChange: (draft: Content) => void;
  onUpload: (file: File) => void;
  onRemoveFile: () => void;
  busy: boolean;
  /** What a failed save said about this locale's fields. */
  errors?: Partial<Record<string, string | undefined>>;
  /** The words of the placeholders' part (the kind's namespace). */
  words: { placeholdersTitle: string; placeholdersHint: string };
}

/** One locale of a template: the kind's texts, its file, and the placeholders to use. */
export function TemplateLocaleForm<Content, Saved>(props: Props<Content, Saved>) {
  const { spec, locale, draft, saved, onChange, onUpload, onRemoveFile, busy, errors = {}, words } = props;
  const { file, placeholders } = spec;
  const hasFile = file.has(saved);
  const value = (key: keyof Content) => (draft[key] as string | null) ?? '';
  return (
    <Stack>
      {spec.fields.map((f) => {
        const common = {
          id: `${f.id}-${locale}`,
          label: f.label,
          description: f.description,
          required: f.required,
          maxLength: f.maxLength,
          value: value(f.key),
          error: errors[f.key],
        };
        const change = (text: string) => onChange({ ...draft, [f.key]: f.nullable ? text || null : text });
        return f.minRows === undefined ? (
          <TextInput key={f.key} {...common} onChange={(e) => change(e.currentTarget.value)} />
        ) : (
          <Textarea
            key={f.key}
            {...common}
            autosize
            minRows={f.minRows}
            styles={f.monospace ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } : undefined}
            onChange={(e) => change(e.currentTarget.value)}
          />
        );
      })}
      <Stack gap={4}>
        <Text fw={500} size="sm">
          {file.title}
        </Text>
        <Text size="sm">{file.current(saved)}</Text>
        {file.hint && (
          <Text size="sm" c="dimmed">
            {file.hint}
          </Text>
        )}
        <Group>
          <FileButton onChange={(f) => f && onUpload(f)} accept={file.accept}>
            {(buttonProps) => (
              <Button variant="light" loading={busy} {...buttonProps}>
                {file.uploadLabel(hasFile)}
              </Button>
            )}
          </FileButton>
          {hasFile && (
            <Button variant="subtle" color="red" onClick={onRemoveFile} disabled={busy}>
              {file.removeLabel}
            </Button>
          )}
        </Group>
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h5">
          {words.placeholdersTitle}
        </Title>
        {[words.placeholdersHint, ...placeholders.hints].map((hint) => (
          <Text key={hint} size="sm" c="dimmed">
            {hint}
          </Text>
        ))}
        {placeholders.shown === 'list' ? (
          <List size="sm" spacing={4}>
            {placeholders.names.map((p) => (
              <List.Item key={p}>
                <Code>{`{{${p}}}`}</Code> {placeholders.meaning(p)}
              </List.Item>
            ))}
          </List>
        ) : (
          <Group gap="xs">
            {placeholders.names.map((p) => (
              <Tooltip key={p} label={placeholders.meaning(p)}>
                <Code>{`{{${p}}}`}</Code>
              </Tooltip>
            ))}
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
