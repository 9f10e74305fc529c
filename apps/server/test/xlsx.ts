import ExcelJS from 'exceljs';

/** A workbook read back with exceljs, as Excel would open it (the exports' tests). */
export async function readXlsx(bytes: Buffer | Uint8Array): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return wb;
}
