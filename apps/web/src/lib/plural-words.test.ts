import { createInstance } from 'i18next';
import { expect, it } from 'vitest';
import de from '../locales/de-DE/learner.json';
import en from '../locales/en-US/learner.json';
import fr from '../locales/fr-FR/learner.json';

// Issue 32 point 15: French said "1 modules obligatoires terminés sur 3": the plural followed the total while the
// words agreed with the completed number. Each language's sentence now agrees with the number that picks its form.
it('words the training progress in agreement with its numbers in de, en and fr', async () => {
  const i18n = createInstance();
  await i18n.init({ resources: { de: { learner: de }, en: { learner: en }, fr: { learner: fr } }, lng: 'fr' });
  const say = (lng: string, completed: number, count: number) =>
    i18n.getFixedT(lng, 'learner')('training.progress', { completed, count });
  expect(say('fr', 1, 3)).toBe('1 sur 3 modules obligatoires terminés');
  expect(say('fr', 0, 1)).toBe('0 sur 1 module obligatoire terminé');
  expect(say('fr', 1, 1)).toBe('1 sur 1 module obligatoire terminé');
  expect(say('de', 1, 3)).toBe('1 von 3 Pflichtmodulen abgeschlossen');
  expect(say('de', 1, 1)).toBe('1 von 1 Pflichtmodul abgeschlossen');
  expect(say('en', 1, 3)).toBe('1 of 3 required modules completed');
  expect(say('en', 0, 1)).toBe('0 of 1 required module completed');
});
