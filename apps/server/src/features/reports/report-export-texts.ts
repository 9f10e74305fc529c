import type { TLocale } from '@lms/contracts/constants';
import type { TReportState } from '@lms/contracts/reports';

// The words of the reports' exports (issue 31 points 2 and 3), in the three locales (the glossary's words: Schulung,
// Gruppe, Firma, Frist).

export interface ReportExportTexts {
  compliance: {
    sheet: string;
    part: { total: string; training: string; group: string; company: string };
    noCompany: string;
    columns: {
      part: string;
      name: string;
      deadline: string;
      assigned: string;
      completed: string;
      overdue: string;
      expiring: string;
      expired: string;
      completedRate: string;
      overdueRate: string;
      expiringRate: string;
      expiredRate: string;
    };
  };
  attention: {
    sheet: string;
    state: Record<TReportState, string>;
    columns: {
      name: string;
      email: string;
      training: string;
      groups: string;
      coordinators: string;
      state: string;
      dueOn: string;
      days: string;
      lastReminderAt: string;
    };
  };
}

export const REPORT_EXPORT_TEXTS: Record<TLocale, ReportExportTexts> = {
  'de-DE': {
    compliance: {
      sheet: 'Compliance',
      part: { total: 'Gesamt', training: 'Schulung', group: 'Gruppe', company: 'Firma' },
      noCompany: 'Ohne Firma',
      columns: {
        part: 'Ebene',
        name: 'Name',
        deadline: 'Frist',
        assigned: 'Zugewiesen',
        completed: 'Abgeschlossen',
        overdue: 'Überfällig',
        expiring: 'Läuft bald ab',
        expired: 'Abgelaufen',
        completedRate: 'Abgeschlossen (%)',
        overdueRate: 'Überfällig (%)',
        expiringRate: 'Läuft bald ab (%)',
        expiredRate: 'Abgelaufen (%)',
      },
    },
    attention: {
      sheet: 'Handlungsbedarf',
      state: { overdue: 'Überfällig', expiring: 'Läuft bald ab', expired: 'Abgelaufen' },
      columns: {
        name: 'Name',
        email: 'E-Mail',
        training: 'Schulung',
        groups: 'Gruppen',
        coordinators: 'Koordinatoren',
        state: 'Zustand',
        dueOn: 'Fällig am',
        days: 'Tage',
        lastReminderAt: 'Zuletzt erinnert (UTC)',
      },
    },
  },
  'en-US': {
    compliance: {
      sheet: 'Compliance',
      part: { total: 'Total', training: 'Training', group: 'Group', company: 'Company' },
      noCompany: 'No company',
      columns: {
        part: 'Level',
        name: 'Name',
        deadline: 'Deadline',
        assigned: 'Assigned',
        completed: 'Completed',
        overdue: 'Overdue',
        expiring: 'Expiring soon',
        expired: 'Expired',
        completedRate: 'Completed (%)',
        overdueRate: 'Overdue (%)',
        expiringRate: 'Expiring soon (%)',
        expiredRate: 'Expired (%)',
      },
    },
    attention: {
      sheet: 'Needs attention',
      state: { overdue: 'Overdue', expiring: 'Expiring soon', expired: 'Expired' },
      columns: {
        name: 'Name',
        email: 'E-mail',
        training: 'Training',
        groups: 'Groups',
        coordinators: 'Coordinators',
        state: 'State',
        dueOn: 'Due on',
        days: 'Days',
        lastReminderAt: 'Last reminded (UTC)',
      },
    },
  },
  'fr-FR': {
    compliance: {
      sheet: 'Conformité',
      part: { total: 'Total', training: 'Formation', group: 'Groupe', company: 'Entreprise' },
      noCompany: 'Sans entreprise',
      columns: {
        part: 'Niveau',
        name: 'Nom',
        deadline: 'Échéance',
        assigned: 'Assignés',
        completed: 'Terminés',
        overdue: 'En retard',
        expiring: 'Expire bientôt',
        expired: 'Expirés',
        completedRate: 'Terminés (%)',
        overdueRate: 'En retard (%)',
        expiringRate: 'Expire bientôt (%)',
        expiredRate: 'Expirés (%)',
      },
    },
    attention: {
      sheet: 'À traiter',
      state: { overdue: 'En retard', expiring: 'Expire bientôt', expired: 'Expiré' },
      columns: {
        name: 'Nom',
        email: 'E-mail',
        training: 'Formation',
        groups: 'Groupes',
        coordinators: 'Coordinateurs',
        state: 'État',
        dueOn: 'Échéance le',
        days: 'Jours',
        lastReminderAt: 'Dernier rappel (UTC)',
      },
    },
  },
};
