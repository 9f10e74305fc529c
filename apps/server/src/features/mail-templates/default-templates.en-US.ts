import type { DefaultTemplateSet } from './default-templates';

export const EN_US: DefaultTemplateSet = {
  activation: {
    name: 'Account activation',
    subject: 'Your access to the {{clientName}} training platform',
    bodyText: `Hello {{name}},

an account on the {{clientName}} training platform has been set up for you. Please set your password with this link:

{{link}}

The link is valid for 24 hours. If you have questions, write to {{supportEmail}}.

Kind regards
{{clientName}}`,
  },
  password_reset: {
    name: 'Password reset',
    subject: 'Reset your password – {{clientName}}',
    bodyText: `Hello {{name}},

you asked to reset your password. Use this link to choose a new one:

{{link}}

The link is valid for 24 hours and works only once. If you did not ask for this, you can ignore this e-mail.

Kind regards
{{clientName}}`,
  },
  forgot_username: {
    name: 'Forgotten username',
    subject: 'Forgotten username request from {{name}}',
    bodyText: `Hello,

{{name}} asked for their username on the {{clientName}} training platform:

{{details}}`,
  },
  invitation: {
    name: 'Training invitation',
    subject: 'Invitation to the training "{{courseTitle}}"',
    bodyText: `Hello {{name}},

you are invited to the training "{{courseTitle}}". Please complete it by {{deadline}}:

{{link}}

If you have questions, write to {{supportEmail}}.

Kind regards
{{clientName}}`,
  },
  reminder: {
    name: 'Training reminder',
    subject: 'Reminder: training "{{courseTitle}}"',
    bodyText: `Hello {{name}},

this is a reminder of the training "{{courseTitle}}", which you have not completed yet. Please complete it by {{deadline}}:

{{link}}

Kind regards
{{clientName}}`,
  },
  data_change_request: {
    name: 'Data change request',
    subject: 'Data change request from {{name}}',
    bodyText: `Hello,

{{name}} asks for a change of their data:

{{details}}`,
  },
  appointment_request: {
    name: 'Appointment request',
    subject: 'Appointment request from {{name}}',
    bodyText: `Hello {{firstName}} {{lastName}},

{{name}} asks for an appointment:

{{details}}`,
  },
  certificate_issued: {
    name: 'Certificate of participation',
    subject: 'Your certificate for "{{courseTitle}}"',
    bodyText: `Hello {{name}},

congratulations, you have completed the training "{{courseTitle}}". Your certificate of participation is here:

{{link}}

Kind regards
{{clientName}}`,
  },
  premium_invoice: {
    name: 'Premium invoice',
    subject: 'Your invoice from {{clientName}}',
    bodyText: `Hello {{name}},

thank you for your order. Your invoice:

{{details}}

Download it here: {{link}}

Kind regards
{{clientName}}`,
  },
  premium_confirmation: {
    name: 'Premium confirmation',
    subject: 'Your premium access is active',
    bodyText: `Hello {{name}},

your premium access at {{clientName}} is now active:

{{details}}

Go to your courses: {{link}}

Kind regards
{{clientName}}`,
  },
};
