/**
 * Where a report's export button goes (XLSX/CSV): the shared export module, another part of issue 31, fills it.
 * Until then it shows nothing. `report` names which report and the page's URL query its filters.
 */
export function ReportExportSlot(_props: { report: 'compliance' | 'attention' }) {
  return null;
}
