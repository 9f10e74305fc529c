import type { DefaultTemplateSet } from './default-templates';

export const FR_FR: DefaultTemplateSet = {
  activation: {
    name: 'Activation du compte',
    subject: 'Votre accès à la plateforme de formation de {{clientName}}',
    bodyText: `Bonjour{{#name}} {{name}}{{/name}},

un accès à la plateforme de formation de {{clientName}} a été créé pour vous. Veuillez définir votre mot de passe avec ce lien :

{{link}}

Le lien est valable 24 heures.{{#supportEmail}} Pour toute question, écrivez à {{supportEmail}}.{{/supportEmail}}

Cordialement
{{clientName}}`,
  },
  password_reset: {
    name: 'Réinitialisation du mot de passe',
    subject: 'Réinitialiser votre mot de passe – {{clientName}}',
    bodyText: `Bonjour{{#name}} {{name}}{{/name}},

vous avez demandé la réinitialisation de votre mot de passe. Ce lien vous permet d’en choisir un nouveau :

{{link}}

Le lien est valable 24 heures et ne peut être utilisé qu’une fois. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.

Cordialement
{{clientName}}`,
  },
  forgot_username: {
    name: 'Nom d’utilisateur oublié',
    subject: 'Demande « nom d’utilisateur oublié » de {{name}}',
    bodyText: `Bonjour,

{{name}} a demandé son nom d’utilisateur sur la plateforme de formation de {{clientName}} :

{{details}}`,
  },
  invitation: {
    name: 'Invitation à la formation',
    subject: 'Invitation à la formation « {{courseTitle}} »',
    bodyText: `Bonjour{{#name}} {{name}}{{/name}},

vous êtes invité(e) à la formation « {{courseTitle}} ». Veuillez la terminer{{#deadline}} avant le {{deadline}}{{/deadline}} :

{{link}}

{{#supportEmail}}
Pour toute question, écrivez à {{supportEmail}}.

{{/supportEmail}}
Cordialement
{{clientName}}`,
  },
  reminder: {
    name: 'Rappel de formation',
    subject: 'Rappel : formation « {{courseTitle}} »',
    bodyText: `Bonjour{{#name}} {{name}}{{/name}},

nous vous rappelons la formation « {{courseTitle}} », que vous n’avez pas encore terminée. Veuillez la terminer{{#deadline}} avant le {{deadline}}{{/deadline}} :

{{link}}

Cordialement
{{clientName}}`,
  },
  data_change_request: {
    name: 'Demande de modification des données',
    subject: 'Demande de modification de {{name}}',
    bodyText: `Bonjour,

{{name}} demande une modification de ses données :

{{details}}`,
  },
  appointment_request: {
    name: 'Demande de rendez-vous',
    subject: 'Demande de rendez-vous de {{name}}',
    bodyText: `Bonjour{{#firstName}} {{firstName}}{{/firstName}}{{#lastName}} {{lastName}}{{/lastName}},

{{name}} demande un rendez-vous :

{{details}}`,
  },
  certificate_issued: {
    name: 'Attestation de participation',
    subject: 'Votre attestation pour « {{courseTitle}} »',
    bodyText: `Bonjour{{#name}} {{name}}{{/name}},

félicitations, vous avez terminé la formation « {{courseTitle}} ». Votre attestation de participation se trouve ici :

{{link}}

Cordialement
{{clientName}}`,
  },
  premium_invoice: {
    name: 'Facture premium',
    subject: 'Votre facture de {{clientName}}',
    bodyText: `Bonjour{{#name}} {{name}}{{/name}},

merci pour votre commande. Votre facture :

{{details}}

{{#link}}
Téléchargez-la ici : {{link}}

{{/link}}
Cordialement
{{clientName}}`,
  },
  premium_confirmation: {
    name: 'Confirmation premium',
    subject: 'Votre accès premium est actif',
    bodyText: `Bonjour{{#name}} {{name}}{{/name}},

votre accès premium chez {{clientName}} est maintenant actif :

{{details}}

{{#link}}
Vers vos cours : {{link}}

{{/link}}
Cordialement
{{clientName}}`,
  },
  gdpr_export_ready: {
    name: 'Export de données prêt',
    subject: 'Votre export de données est prêt – {{clientName}}',
    bodyText: `Bonjour{{#name}} {{name}}{{/name}},

l'export de vos données demandé (RGPD art. 15 et 20) est prêt. Connectez-vous pour le télécharger :

{{link}}

Le fichier est conservé quelques jours puis supprimé.

Cordialement
{{clientName}}`,
  },
  inactivity_warning: {
    name: "Avis d'inactivité",
    subject: "Votre compte {{clientName}} n'est plus utilisé",
    bodyText: `Bonjour{{#name}} {{name}}{{/name}},

vous ne vous êtes pas connecté à la plateforme de formation de {{clientName}} depuis longtemps. {{details}}

Si vous souhaitez conserver votre compte, connectez-vous avant le {{deadline}} :

{{link}}

Cordialement
{{clientName}}`,
  },
  recertification_due: {
    name: 'Recertification à faire',
    subject: 'Il est temps de renouveler « {{courseTitle}} »',
    bodyText: `Bonjour{{#name}} {{name}}{{/name}},

votre réussite de la formation « {{courseTitle}} » est valable jusqu’au {{deadline}}. Veuillez suivre la formation à nouveau d’ici là pour la renouveler :

{{link}}

Cordialement
{{clientName}}`,
  },
  certification_expired: {
    name: 'Certification expirée',
    subject: 'Votre certification pour « {{courseTitle}} » a expiré',
    bodyText: `Bonjour{{#name}} {{name}}{{/name}},

votre réussite de la formation « {{courseTitle}} » était valable jusqu’au {{deadline}} et a maintenant expiré. Veuillez suivre la formation à nouveau :

{{link}}

Cordialement
{{clientName}}`,
  },
  recertification_due_coordinator: {
    name: 'Recertification à faire (coordination)',
    subject: 'Période de renouvellement ouverte : « {{courseTitle}} »',
    bodyText: `Bonjour{{#name}} {{name}}{{/name}},

la période de renouvellement de la formation « {{courseTitle}} » a commencé pour ces participants :

{{details}}

Le tableau de suivi : {{link}}

Cordialement
{{clientName}}`,
  },
  certification_expired_coordinator: {
    name: 'Certification expirée (coordination)',
    subject: 'Certifications expirées : « {{courseTitle}} »',
    bodyText: `Bonjour{{#name}} {{name}}{{/name}},

la certification de la formation « {{courseTitle}} » a expiré sans renouvellement pour ces participants :

{{details}}

Le tableau de suivi : {{link}}

Cordialement
{{clientName}}`,
  },
  digest: {
    name: 'Récapitulatif hebdomadaire (coordination)',
    subject: 'Votre récapitulatif hebdomadaire : {{period}}',
    bodyText: `Bonjour{{#name}} {{name}}{{/name}},

voici le récapitulatif hebdomadaire de vos groupes ({{period}}). Chaque chiffre mène au rapport avec les mêmes filtres.

En retard depuis le dernier récapitulatif (échéance dépassée, formation non terminée) :
{{#overdue}}
{{overdue}}
{{/overdue}}
{{^overdue}}
Aucune formation n'est passée en retard.
{{/overdue}}

Certifications qui expirent dans les 30 prochains jours :
{{#expiring}}
{{expiring}}
{{/expiring}}
{{^expiring}}
Aucune certification n'expire dans les 30 prochains jours.
{{/expiring}}

Terminées cette semaine :
{{#completed}}
{{completed}}
{{/completed}}
{{^completed}}
Personne n'a terminé de formation cette semaine.
{{/completed}}

Tous les participants en retard de vos groupes : {{link}}

Vous recevez cet e-mail en tant que coordinateur. Vous pouvez désactiver le récapitulatif hebdomadaire sur la page de votre compte.

Cordialement
{{clientName}}`,
  },
};
