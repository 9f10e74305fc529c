// Migration 0013's frozen copy of the FAQ and About texts it seeded (fr-FR), as written on 2026-11-25; migration 0033 moves them on.

export const FAQ_FR = `Vous trouverez ici les réponses aux questions fréquentes sur la plateforme de formation. Utilisez la recherche pour trouver rapidement une question.

## Comment me connecter ?
Ouvrez l’adresse de votre entreprise et connectez-vous avec votre adresse e-mail ou votre nom d’utilisateur et votre mot de passe. La première fois, vous recevez un e-mail avec un lien pour définir votre mot de passe.

## J’ai oublié mon mot de passe. Que faire ?
Choisissez « Mot de passe oublié » sur la page de connexion et saisissez votre adresse e-mail. Vous recevez un lien pour définir un nouveau mot de passe.

## Qu’est-ce qu’une formation ?
Une formation est un cours qui vous est attribué par un groupe, souvent avec une date de début et une échéance. Vos formations apparaissent sur la page d’accueil sous « Cours ».

## Que sont les modules ?
Un cours se compose de modules : des unités d’apprentissage interactives (SCORM) ou des documents PDF. Les modules se suivent dans l’ordre ; un module reste verrouillé tant que les modules obligatoires précédents ne sont pas terminés.

## Quand une formation est-elle terminée ?
Dès que tous les modules obligatoires sont terminés. Un module PDF est terminé lorsque vous l’ouvrez dans la visionneuse ; un module interactif signale lui-même sa fin.

## Où trouver mon certificat ?
Si le cours a un modèle de certificat, votre certificat est créé à la fin de la formation. Vous le trouvez sous « Téléchargements » → « Certificats » et pouvez le télécharger en PDF.

## Pourquoi est-ce que je reçois des rappels ?
Votre coordinateur peut envoyer des rappels tant qu’une formation n’est pas terminée. Une fois terminée, vous n’en recevez plus.

## À qui m’adresser en cas de problème ?
Écrivez à l’adresse d’assistance de votre entreprise, indiquée en bas de chaque page.
`;

export const ABOUT_FR = `Cette plateforme de formation propose des formations en ligne à votre entreprise : instructions obligatoires, formations produits et tout ce que vos collaborateurs doivent savoir.

## Comment ça marche
- Les **cours** se composent de modules : unités d’apprentissage SCORM interactives et documents PDF.
- Les **formations** attribuent un cours à un ou plusieurs groupes, avec une date de début et une échéance.
- Les **coordinateurs** suivent la progression de leurs groupes et rappellent les formations ouvertes.
- Les **certificats** sont créés automatiquement à la fin et sont disponibles en PDF.

## Protection des données
Votre entreprise est un client à part entière : ses données sont séparées de celles des autres entreprises. Les mentions légales et la politique de confidentialité sont accessibles en bas de chaque page.
`;
