import type { DefaultTemplateSet } from './default-templates';

export const EN_US: DefaultTemplateSet = {
  activation: {
    name: 'Account activation',
    subject: 'Your access to the {{clientName}} training platform',
    bodyText: `Hello{{#name}} {{name}}{{/name}},

an account on the {{clientName}} training platform has been set up for you. Please set your password with this link:

{{link}}

The link is valid for 24 hours.{{#supportEmail}} If you have questions, write to {{supportEmail}}.{{/supportEmail}}

Kind regards
{{clientName}}`,
  },
  password_reset: {
    name: 'Password reset',
    subject: 'Reset your password – {{clientName}}',
    bodyText: `Hello{{#name}} {{name}}{{/name}},

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
    bodyText: `Hello{{#name}} {{name}}{{/name}},

you are invited to the training "{{courseTitle}}". Please complete it{{#deadline}} by {{deadline}}{{/deadline}}:

{{link}}

{{#supportEmail}}
If you have questions, write to {{supportEmail}}.

{{/supportEmail}}
Kind regards
{{clientName}}`,
  },
  reminder: {
    name: 'Training reminder',
    subject: 'Reminder: training "{{courseTitle}}"',
    bodyText: `Hello{{#name}} {{name}}{{/name}},

this is a reminder of the training "{{courseTitle}}", which you have not completed yet. Please complete it{{#deadline}} by {{deadline}}{{/deadline}}:

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
    bodyText: `Hello{{#firstName}} {{firstName}}{{/firstName}}{{#lastName}} {{lastName}}{{/lastName}},

{{name}} asks for an appointment:

{{details}}`,
  },
  certificate_issued: {
    name: 'Certificate of participation',
    subject: 'Your certificate for "{{courseTitle}}"',
    bodyText: `Hello{{#name}} {{name}}{{/name}},

congratulations, you have completed the training "{{courseTitle}}". Your certificate of participation is here:

{{link}}

Kind regards
{{clientName}}`,
  },
  premium_invoice: {
    name: 'Premium invoice',
    subject: 'Your invoice from {{clientName}}',
    bodyText: `Hello{{#name}} {{name}}{{/name}},

thank you for your order. Your invoice:

{{details}}

{{#link}}
Download it here: {{link}}

{{/link}}
Kind regards
{{clientName}}`,
  },
  premium_confirmation: {
    name: 'Premium confirmation',
    subject: 'Your premium access is active',
    bodyText: `Hello{{#name}} {{name}}{{/name}},

your premium access at {{clientName}} is now active:

{{details}}

{{#link}}
Go to your courses: {{link}}

{{/link}}
Kind regards
{{clientName}}`,
  },
  gdpr_export_ready: {
    name: 'Data export ready',
    subject: 'Your data export is ready – {{clientName}}',
    bodyText: `Hello{{#name}} {{name}}{{/name}},

the data export you asked for (GDPR Art. 15 and 20) is ready. Sign in to download it:

{{link}}

The file is kept for a few days and deleted afterwards.

Kind regards
{{clientName}}`,
  },
  inactivity_warning: {
    name: 'Inactivity notice',
    subject: 'Your {{clientName}} account is not being used',
    bodyText: `Hello{{#name}} {{name}}{{/name}},

you have not signed in to the {{clientName}} training platform for a long time. {{details}}

If you want to keep your account, sign in by {{deadline}}:

{{link}}

Kind regards
{{clientName}}`,
  },
  recertification_due: {
    name: 'Recertification due',
    subject: 'Time to renew "{{courseTitle}}"',
    bodyText: `Hello{{#name}} {{name}}{{/name}},

your completion of the training "{{courseTitle}}" is valid until {{deadline}}. Please complete the training again before then to renew it:

{{link}}

Kind regards
{{clientName}}`,
  },
  certification_expired: {
    name: 'Certification expired',
    subject: 'Your certification for "{{courseTitle}}" has expired',
    bodyText: `Hello{{#name}} {{name}}{{/name}},

your completion of the training "{{courseTitle}}" was valid until {{deadline}} and has now expired. Please complete the training again:

{{link}}

Kind regards
{{clientName}}`,
  },
  recertification_due_coordinator: {
    name: 'Recertification due (coordinators)',
    subject: 'Renewal window opened: "{{courseTitle}}"',
    bodyText: `Hello{{#name}} {{name}}{{/name}},

the renewal window of the training "{{courseTitle}}" has opened for these participants:

{{details}}

The status table: {{link}}

Kind regards
{{clientName}}`,
  },
  certification_expired_coordinator: {
    name: 'Certification expired (coordinators)',
    subject: 'Certifications expired: "{{courseTitle}}"',
    bodyText: `Hello{{#name}} {{name}}{{/name}},

the certification of the training "{{courseTitle}}" has expired without renewal for these participants:

{{details}}

The status table: {{link}}

Kind regards
{{clientName}}`,
  },
  digest: {
    name: 'Weekly digest (coordinators)',
    subject: 'Your weekly digest: {{period}}',
    bodyText: `Hello{{#name}} {{name}}{{/name}},

here is your weekly digest of your groups ({{period}}). Each figure links to the report with the same filters.

Newly overdue since the last digest (deadline passed, training not completed):
{{#overdue}}
{{overdue}}
{{/overdue}}
{{^overdue}}
No training became overdue.
{{/overdue}}

Certifications expiring within the next 30 days:
{{#expiring}}
{{expiring}}
{{/expiring}}
{{^expiring}}
No certification expires within the next 30 days.
{{/expiring}}

Completed this week:
{{#completed}}
{{completed}}
{{/completed}}
{{^completed}}
Nobody completed a training this week.
{{/completed}}

All overdue participants of your groups: {{link}}

You receive this e-mail as a coordinator. You can turn the weekly digest off on your account page.

Kind regards
{{clientName}}`,
  },
};
