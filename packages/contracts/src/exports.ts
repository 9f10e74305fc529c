import { z } from 'zod';

/** How a table is downloaded (issue 31 point 3): XLSX for Excel, CSV (UTF-8 with BOM and `;`). */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export const ZExportFormat = z.enum(EXPORT_FORMATS);
export type TExportFormat = z.infer<typeof ZExportFormat>;

/** `?format=xlsx|csv`; CSV when left out (what the exports answered before XLSX came). */
export const ZExportQuery = z.object({ format: ZExportFormat.default('csv') });

/** The learning record's downloads: the PDF for an auditor, or the table of its cycles. */
export const RECORD_FORMATS = ['pdf', 'xlsx', 'csv'] as const;
export const ZRecordFormat = z.enum(RECORD_FORMATS);
export type TRecordFormat = z.infer<typeof ZRecordFormat>;
