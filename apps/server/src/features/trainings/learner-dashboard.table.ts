/** A learner's dashboard answer as kept (migration 0043; learner-dashboard-store.ts). */
export interface LearnerDashboardsTable {
  client_id: string;
  user_id: string;
  locale: string;
  user_stamp: number;
  catalog_stamp: number;
  fresh_until: string;
  body: string;
}

/** Moves on every change of what one learner's dashboard shows (their participations and module values). */
export interface DashboardStampsTable {
  client_id: string;
  user_id: string;
  stamp: number;
}

/** Moves on every change of what a client's dashboards show of its trainings, courses and modules. */
export interface DashboardCatalogStampsTable {
  client_id: string;
  stamp: number;
}
