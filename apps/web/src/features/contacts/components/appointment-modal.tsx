import { APPOINTMENT_MESSAGE_MAX, APPOINTMENT_TYPES, TIMES_OF_DAY } from '@lms/contracts/user-contact-options';
import type { TAppointmentType, TTimeOfDay, TUserContactOption } from '@lms/contracts/user-contact-options';
import { Group, Modal, Radio, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { StackedForm } from '../../../components/form-drawer';
import { FormButtons, FormError, useFormSubmit } from '../../../components/form-submit';
import { todayIso } from '../../../lib/format';
import { closeButton, notifySuccess } from '../../../lib/notify';
import { useAuth } from '../../../lib/auth-store';
import { requestAppointment } from '../api/contacts';

interface Props {
  contact: TUserContactOption;
  onClose: () => void;
}

/**
 * The appointment dialog (spec section 2): type, a first and a second desired date, the preferred time of day,
 * e-mail and phone. The rules between the fields (second date not before the first, none past, an e-mail or a
 * phone) are the server's alone, whose error code the dialog shows in the reader's language: one source of truth.
 */
export function AppointmentModal({ contact, onClose }: Props) {
  const { t } = useTranslation('contacts');
  const { user } = useAuth();
  const form = useFormSubmit();
  const [type, setType] = useState<TAppointmentType>('ONLINE_MEETING');
  const [firstDate, setFirstDate] = useState('');
  const [secondDate, setSecondDate] = useState('');
  const [timeOfDay, setTimeOfDay] = useState<TTimeOfDay>('ALL_DAY');
  const [email, setEmail] = useState(user?.email ?? '');
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState('');
  const name = `${contact.firstName} ${contact.lastName}`;
  const check = () => {
    if (!firstDate || !secondDate) return t('appointment.datesRequired');
    return null;
  };
  const send = async () => {
    await requestAppointment({
      contactId: contact.id,
      type,
      firstDate,
      secondDate,
      timeOfDay,
      email: email.trim(),
      phone: phone.trim(),
      message: message.trim() || null,
    });
    notifySuccess(t('appointment.sent', { name }));
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title={t('appointment.title', { name })} size="lg" closeButtonProps={closeButton()}>
      <StackedForm onSubmit={form.submit(check, send)}>
        <Text size="sm">{t('appointment.intro')}</Text>
        <FormError error={form.error} />
        <Radio.Group label={t('appointment.type')} value={type} onChange={(v) => setType(v)} required>
          <Group mt="xs">
            {APPOINTMENT_TYPES.map((v) => (
              <Radio key={v} value={v} label={t(`appointment.types.${v}`)} />
            ))}
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateField
            label={t('appointment.firstDate')}
            required
            minDate={todayIso()}
            value={firstDate}
            onChange={setFirstDate}
            error={form.fieldError('firstDate')}
          />
          <DateField
            label={t('appointment.secondDate')}
            required
            minDate={firstDate || todayIso()}
            value={secondDate}
            onChange={setSecondDate}
            error={form.fieldError('secondDate')}
          />
        </SimpleGrid>
        <Radio.Group label={t('appointment.timeOfDay')} value={timeOfDay} onChange={(v) => setTimeOfDay(v)} required>
          <Group mt="xs">
            {TIMES_OF_DAY.map((v) => (
              <Radio key={v} value={v} label={t(`appointment.times.${v}`)} />
            ))}
          </Group>
        </Radio.Group>
        <Text size="sm" c="dark.4">
          {t('appointment.reachHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="email"
            label={t('appointment.email')}
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={form.fieldError('email')}
          />
          <TextInput
            type="tel"
            label={t('appointment.phone')}
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={form.fieldError('phone')}
          />
        </SimpleGrid>
        <Textarea
          label={t('appointment.message')}
          autosize
          minRows={3}
          maxLength={APPOINTMENT_MESSAGE_MAX}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          error={form.fieldError('message')}
        />
        <FormButtons busy={form.busy} onCancel={onClose} submitLabel={t('appointment.send')} />
      </StackedForm>
    </Modal>
  );
}
